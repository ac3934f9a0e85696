import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  applyQuery,
  badRequest,
  forbidden,
  notFound,
  type ParsedFilter,
  type ParsedQuery,
  type QuerySpec,
} from '@lms/jsonapi';
import { CourseAccess, TEACHING } from '../courses/course-access.service';
import { CourseClass } from '../courses/course-class.entity';
import { Period } from '../courses/period.entity';
import { UserProjection } from '../users/user-projection.entity';
import { lecturerQuery, type StudentRow, studentQuery } from './directory.resource';

/** Membership filters are applied as EXISTS conditions, not as columns of the users table. */
const MEMBERSHIP_FILTERS = ['class_id', 'course_id', 'period_id'];

/** Joins that keep a course (`courseColumn`) only when the caller (`:me`) studies in one of its classes. */
const MY_CLASSES = (courseColumn: string) =>
  `JOIN classes cl_m ON cl_m.course_id = ${courseColumn}
   JOIN class_students cs_m ON cs_m.class_id = cl_m.id AND cs_m.user_id = :me
   WHERE cl_m.tenant_id = :tenantId`;

/** Fields of a lecturer a lecturer does not see of a colleague (admins see every field). */
const HIDDEN_FROM_STAFF = (auth: AuthContext): string[] => (auth.role === 'admin' ? [] : ['username']);

/**
 * A filter or sort on a field the caller is not shown would reveal it (`filter[nidn][like]=04`
 * narrows to who has it): a 400 naming the parameter.
 */
function refuseHidden(query: ParsedQuery, spec: QuerySpec, hidden: readonly string[]): void {
  for (const filter of query.filters) {
    if (hidden.includes(filter.field))
      throw badRequest(
        `filter[${filter.field}] is not available: you are not shown ${filter.field}`,
        `filter[${filter.field}]`,
      );
  }
  const hiddenColumns = new Set(hidden.map((field) => spec.sorts[field]).filter(Boolean));
  if (query.sort.some((sort) => hiddenColumns.has(sort.column)))
    throw badRequest('sort: you may not sort by a field you are not shown', 'sort');
}

/** Periods, classes, and the people of a campus as courses need them (from the users projection). */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
  ) {}

  listPeriods(auth: AuthContext, query: ParsedQuery): Promise<[Period[], number]> {
    const qb = this.dataSource
      .getRepository(Period)
      .createQueryBuilder('period')
      .where('period.tenant_id = :tenantId', { tenantId: auth.tenantId });
    return applyQuery(qb, query).getManyAndCount();
  }

  async classesOf(auth: AuthContext, courseId: number): Promise<CourseClass[]> {
    const role = await this.access.requireReader(auth, courseId);
    const qb = this.dataSource
      .getRepository(CourseClass)
      .createQueryBuilder('class')
      .where('class.course_id = :courseId', { courseId })
      .orderBy('class.name')
      .addOrderBy('class.id');
    if (role === 'STUDENT' || (role === null && auth.role !== 'admin')) {
      qb.andWhere('class.id IN (SELECT class_id FROM class_students WHERE user_id = :me)', {
        me: auth.userId,
      });
    }
    return qb.getMany();
  }

  /**
   * The lecturers of the campus a caller may see: for a student only the staff of the courses
   * they study in (name and avatar); for staff and admins all of them.
   */
  private lecturers(auth: AuthContext): SelectQueryBuilder<UserProjection> {
    const qb = this.dataSource
      .getRepository(UserProjection)
      .createQueryBuilder('lecturer')
      .where(`lecturer.tenant_id = :tenantId AND lecturer.role = 'lecturer'`, {
        tenantId: auth.tenantId,
        me: auth.userId,
      });
    if (auth.role === 'student') {
      qb.andWhere(
        `lecturer.id IN (SELECT c.lecturer_id FROM courses c ${MY_CLASSES('c.id')}
          UNION SELECT ca.user_id FROM course_assistants ca ${MY_CLASSES('ca.course_id')})`,
      );
    }
    return qb;
  }

  listLecturers(auth: AuthContext, query: ParsedQuery): Promise<[UserProjection[], number]> {
    refuseHidden(
      query,
      lecturerQuery,
      auth.role === 'student' ? ['nidn', 'username'] : HIDDEN_FROM_STAFF(auth),
    );
    return applyQuery(this.lecturers(auth), query).getManyAndCount();
  }

  async getLecturer(auth: AuthContext, id: number): Promise<UserProjection> {
    const lecturer = await this.lecturers(auth).andWhere('lecturer.id = :id', { id }).getOne();
    if (!lecturer) throw notFound('Lecturer not found');
    return lecturer;
  }

  /**
   * Students (name, code), narrowed by class, course or period memberships: for a lecturer only
   * the students of the courses they teach, for an admin every student of the campus.
   */
  async listStudents(auth: AuthContext, query: ParsedQuery): Promise<[StudentRow[], number]> {
    return this.students(auth, query, null);
  }

  /**
   * The students of a course: in detail for those who teach it and admins; by name and avatar for
   * its own students (classmates), who may not filter or sort by what they do not see.
   */
  async studentsOfCourse(
    auth: AuthContext,
    courseId: number,
    query: ParsedQuery,
  ): Promise<{ rows: StudentRow[]; total: number; classmates: boolean }> {
    const role = await this.access.requireReader(auth, courseId);
    const classmates = role === 'STUDENT';
    if (classmates) refuseHidden(query, studentQuery, ['code', 'nim', 'username']);
    else if (auth.role !== 'admin' && (role === null || !TEACHING.includes(role)))
      throw forbidden('Only those who teach the course and its students see its students');
    const [rows, total] = await this.students(auth, query, courseId, classmates);
    return { rows, total, classmates };
  }

  private async students(
    auth: AuthContext,
    query: ParsedQuery,
    courseId: number | null,
    classmates = false,
  ): Promise<[StudentRow[], number]> {
    const membership = query.filters.filter((filter) => MEMBERSHIP_FILTERS.includes(filter.field));
    const plain: ParsedQuery = {
      ...query,
      filters: query.filters.filter((filter) => !membership.includes(filter)),
    };
    const qb = this.dataSource
      .getRepository(UserProjection)
      .createQueryBuilder('student')
      .where(`student.tenant_id = :tenantId AND student.role = 'student'`, {
        tenantId: auth.tenantId,
        me: auth.userId,
      });
    // Staff see the students of the courses they teach (a classmate, those of their own course).
    const scope =
      auth.role === 'admin' || classmates
        ? 'TRUE'
        : `(c_f.lecturer_id = :me OR EXISTS (SELECT 1 FROM course_assistants ca_f
        WHERE ca_f.course_id = c_f.id AND ca_f.user_id = :me))`;
    if (courseId !== null || membership.length > 0 || auth.role !== 'admin') {
      const conditions = [scope, ...membership.map((filter, i) => membershipCondition(filter, i, qb))];
      if (courseId !== null) {
        conditions.push('c_f.id = :courseId');
        qb.setParameter('courseId', courseId);
      }
      qb.andWhere(
        `EXISTS (SELECT 1 FROM class_students cs_f JOIN classes cl_f ON cl_f.id = cs_f.class_id
          JOIN courses c_f ON c_f.id = cl_f.course_id
          WHERE cs_f.user_id = student.id AND c_f.tenant_id = :tenantId AND ${conditions.join(' AND ')})`,
      );
    }
    const [users, total] = await applyQuery(qb, plain).getManyAndCount();
    const classes = new Map<number, { class_id: number; class_name: string; course_id: number }>();
    if (courseId !== null && users.length > 0) {
      const rows: Array<{ user_id: number; class_id: number; class_name: string; course_id: number }> =
        await this.dataSource.query(
          `SELECT cs.user_id, cl.id AS class_id, cl.name AS class_name, cl.course_id FROM class_students cs
             JOIN classes cl ON cl.id = cs.class_id WHERE cl.course_id = $1 AND cs.user_id = ANY($2)`,
          [courseId, users.map((user) => user.id)],
        );
      for (const row of rows) classes.set(row.user_id, row);
    }
    return [
      users.map((user) => ({
        user,
        classId: classes.get(user.id)?.class_id ?? null,
        className: classes.get(user.id)?.class_name ?? null,
        courseId: classes.get(user.id)?.course_id ?? courseId,
      })),
      total,
    ];
  }
}

function membershipCondition(
  filter: ParsedFilter,
  i: number,
  qb: SelectQueryBuilder<UserProjection>,
): string {
  const name = `membership_${i}`;
  qb.setParameter(name, filter.value);
  return filter.op === 'in' ? `${filter.column} IN (:...${name})` : `${filter.column} = :${name}`;
}
