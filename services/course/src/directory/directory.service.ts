import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { applyQuery, notFound, type ParsedFilter, type ParsedQuery } from '@lms/jsonapi';
import { CourseAccess, TEACHING } from '../courses/course-access.service';
import { CourseClass } from '../courses/course-class.entity';
import { Period } from '../courses/period.entity';
import { UserProjection } from '../users/user-projection.entity';
import type { StudentRow } from './directory.resource';

/** Membership filters are applied as EXISTS conditions, not as columns of the users table. */
const MEMBERSHIP_FILTERS = ['class_id', 'course_id', 'period_id'];

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

  private lecturers(auth: AuthContext): SelectQueryBuilder<UserProjection> {
    return this.dataSource
      .getRepository(UserProjection)
      .createQueryBuilder('lecturer')
      .where(`lecturer.tenant_id = :tenantId AND lecturer.role = 'lecturer'`, { tenantId: auth.tenantId });
  }

  listLecturers(auth: AuthContext, query: ParsedQuery): Promise<[UserProjection[], number]> {
    return applyQuery(this.lecturers(auth), query).getManyAndCount();
  }

  async getLecturer(auth: AuthContext, id: number): Promise<UserProjection> {
    const lecturer = await this.lecturers(auth).andWhere('lecturer.id = :id', { id }).getOne();
    if (!lecturer) throw notFound('Lecturer not found');
    return lecturer;
  }

  /**
   * Students of the campus (name, code), narrowed by class, course or period memberships; a
   * lecturer sees memberships only of the courses they teach, an admin of every course.
   */
  async listStudents(auth: AuthContext, query: ParsedQuery): Promise<[StudentRow[], number]> {
    return this.students(auth, query, null);
  }

  async studentsOfCourse(
    auth: AuthContext,
    courseId: number,
    query: ParsedQuery,
  ): Promise<[StudentRow[], number]> {
    await this.access.require(auth, courseId, TEACHING);
    return this.students(auth, query, courseId);
  }

  private async students(
    auth: AuthContext,
    query: ParsedQuery,
    courseId: number | null,
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
    const scope =
      auth.role === 'admin'
        ? 'TRUE'
        : `(c_f.lecturer_id = :me OR EXISTS (SELECT 1 FROM course_assistants ca_f
        WHERE ca_f.course_id = c_f.id AND ca_f.user_id = :me))`;
    if (courseId !== null || membership.length > 0) {
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
