import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { applyQuery, notFound, type ParsedQuery } from '@lms/jsonapi';
import { readsSql } from './course-access.service';
import { Course } from './course.entity';

/**
 * Course reads, scoped to the caller's campus and to the courses the caller belongs to:
 * a student's courses are those of their classes, a lecturer's those they teach or assist.
 * Admin accounts see every course of their campus.
 */
@Injectable()
export class CoursesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[Course[], number]> {
    const qb = this.visibleCourses(auth);
    this.joinIncludes(qb, auth, query.include);
    return applyQuery(qb, query).getManyAndCount();
  }

  /** One course the caller may read: theirs, or a public course of their campus. */
  async get(auth: AuthContext, id: number, include: string[]): Promise<Course> {
    const qb = this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .where('course.tenant_id = :tenantId AND course.id = :id', {
        tenantId: auth.tenantId,
        id,
        me: auth.userId,
      })
      .andWhere(readsSql('course', auth));
    this.joinIncludes(qb, auth, include);
    const course = await qb.getOne();
    if (!course) throw notFound('Course not found');
    return course;
  }

  /** Courses the caller studies in (a class of theirs): the enrolled-courses list. */
  async listEnrolled(auth: AuthContext, query: ParsedQuery): Promise<[Course[], number]> {
    const qb = this.enrolledCourses(auth);
    this.joinIncludes(qb, auth, query.include);
    return applyQuery(qb, query).getManyAndCount();
  }

  async getEnrolled(auth: AuthContext, id: number, include: string[]): Promise<Course> {
    const qb = this.enrolledCourses(auth).andWhere('course.id = :id', { id });
    this.joinIncludes(qb, auth, include);
    const course = await qb.getOne();
    if (!course) throw notFound('Course not found');
    return course;
  }

  private enrolledCourses(auth: AuthContext): SelectQueryBuilder<Course> {
    return this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .where('course.tenant_id = :tenantId', { tenantId: auth.tenantId })
      .andWhere(
        `EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                 WHERE cl.course_id = course.id AND cs.user_id = :me)`,
        { me: auth.userId },
      );
  }

  private visibleCourses(auth: AuthContext): SelectQueryBuilder<Course> {
    const qb = this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .where('course.tenant_id = :tenantId', { tenantId: auth.tenantId });
    if (auth.role === 'student') {
      qb.andWhere(
        `EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                 WHERE cl.course_id = course.id AND cs.user_id = :me)`,
        { me: auth.userId },
      );
    } else if (auth.role === 'lecturer') {
      qb.andWhere(
        `(course.lecturer_id = :me OR EXISTS (SELECT 1 FROM course_assistants ca
            WHERE ca.course_id = course.id AND ca.user_id = :me))`,
        { me: auth.userId },
      );
    }
    return qb;
  }

  /** Joins what `include` asks for in the same query: no query per course. */
  private joinIncludes(qb: SelectQueryBuilder<Course>, auth: AuthContext, include: string[]) {
    const wants = (path: string) => include.some((item) => item === path || item.startsWith(`${path}.`));
    if (wants('modules')) qb.leftJoinAndSelect('course.modules', 'module');
    if (wants('modules.activities')) qb.leftJoinAndSelect('module.activities', 'activity');
    if (wants('lecturer')) qb.leftJoinAndSelect('course.lecturer', 'lecturer');
    if (wants('assistant.user')) qb.leftJoinAndSelect('assistant.user', 'assistantUser');
    if (wants('class')) {
      // A student sees only their own class of the course; staff see every class.
      if (auth.role === 'student') {
        qb.leftJoinAndSelect(
          'course.classes',
          'class',
          'class.id IN (SELECT class_id FROM class_students WHERE user_id = :me)',
          { me: auth.userId },
        );
      } else {
        qb.leftJoinAndSelect('course.classes', 'class');
      }
    }
  }
}
