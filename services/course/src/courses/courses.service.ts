import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { defineList, notFound, type ListScope, type ParsedQuery } from '@lms/jsonapi';
import { Activity } from '../structure/activity.entity';
import { CourseModule } from '../structure/module.entity';
import { UserProjection } from '../users/user-projection.entity';
import { readsSql, seesHiddenSql, teachesSql } from './course-access.service';
import { CourseAssistant } from './course-assistant.entity';
import { CourseClass } from './course-class.entity';
import { Course } from './course.entity';
import { Period } from './period.entity';

/** Where a student's courses come from: a class of theirs. */
const STUDIES_IN = `EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                    WHERE cl.course_id = course.id AND cs.user_id = :me)`;

/** Course lists, read in one statement per page (`defineList`): what `include` may name. */
const courseList = defineList<Course>({
  entity: Course,
  alias: 'course',
  toOne: {
    period: { entity: Period, alias: 'period', on: 'period.id = course.period_id' },
    lecturer: { entity: UserProjection, alias: 'lecturer', on: 'lecturer.id = course.lecturer_id' },
  },
  toMany: {
    assistants: {
      entity: CourseAssistant,
      alias: 'assistant',
      where: 'assistant.course_id = course.id',
      orderBy: ['userId'],
      toOne: {
        user: {
          entity: UserProjection,
          alias: 'assistant_user',
          on: 'assistant_user.id = assistant.user_id',
        },
      },
    },
    modules: {
      entity: CourseModule,
      alias: 'module',
      where: 'module.course_id = course.id AND module.deleted_at IS NULL',
      orderBy: ['index', 'id'],
      toMany: {
        activities: {
          entity: Activity,
          alias: 'activity',
          where: 'activity.module_id = module.id AND activity.deleted_at IS NULL',
          orderBy: ['index', 'id'],
        },
      },
    },
    // Whoever does not teach the course sees only its active modules and their active activities.
    liveModules: {
      entity: CourseModule,
      alias: 'live_module',
      property: 'modules',
      where: `live_module.course_id = course.id AND live_module.deleted_at IS NULL
              AND (live_module.is_active OR ${teachesSql('course')})`,
      orderBy: ['index', 'id'],
      toMany: {
        activities: {
          entity: Activity,
          alias: 'live_activity',
          where: `live_activity.module_id = live_module.id AND live_activity.deleted_at IS NULL
                  AND (live_activity.is_active OR ${teachesSql('course')})`,
          orderBy: ['index', 'id'],
        },
      },
    },
    classes: { entity: CourseClass, alias: 'class', where: 'class.course_id = course.id', orderBy: ['id'] },
    // A student sees only their own class of the course; staff see every class.
    ownClasses: {
      entity: CourseClass,
      alias: 'own_class',
      property: 'classes',
      where: `own_class.course_id = course.id
              AND own_class.id IN (SELECT class_id FROM class_students WHERE user_id = :me)`,
      orderBy: ['id'],
    },
  },
});

/**
 * Course reads, scoped to the caller's campus and to the courses the caller belongs to:
 * a student's courses are those of their classes, a lecturer's those they teach or assist.
 * Admin accounts see every course of their campus.
 */
@Injectable()
export class CoursesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[Course[], number]> {
    const where = ['course.tenant_id = :tenantId'];
    if (auth.role === 'student') where.push(STUDIES_IN);
    else if (auth.role === 'lecturer') {
      where.push(`course.lecturer_id = :me OR EXISTS (SELECT 1 FROM course_assistants ca
                    WHERE ca.course_id = course.id AND ca.user_id = :me)`);
    }
    const page = await courseList.page(this.dataSource, this.listScope(auth, where, query.include), query);
    // A student's list holds only the courses they study in.
    if (auth.role === 'student') for (const course of page[0]) course.viewerStudies = true;
    return page;
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
    if (auth.role === 'student') course.viewerStudies = await this.studiesIn(auth, id);
    return course;
  }

  /** Whether the caller studies in one of the course's classes. */
  private async studiesIn(auth: AuthContext, courseId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
        WHERE cl.course_id = $1 AND cs.user_id = $2 LIMIT 1`,
      [courseId, auth.userId],
    );
    return rows.length > 0;
  }

  /** Courses the caller studies in (a class of theirs): the enrolled-courses list. */
  async listEnrolled(auth: AuthContext, query: ParsedQuery): Promise<[Course[], number]> {
    const scope = this.listScope(auth, ['course.tenant_id = :tenantId', STUDIES_IN], query.include);
    const page = await courseList.page(this.dataSource, scope, query);
    for (const course of page[0]) course.viewerStudies = true;
    return page;
  }

  /** A list's scope: its conditions, and the period, assistants and what `include` names. */
  private listScope(auth: AuthContext, where: string[], include: string[]): ListScope {
    const wants = (path: string) => include.some((item) => item === path || item.startsWith(`${path}.`));
    const relations = ['period', 'assistants'];
    const modules = auth.role === 'admin' ? 'modules' : 'liveModules';
    if (wants('modules')) relations.push(wants('modules.activities') ? `${modules}.activities` : modules);
    if (wants('lecturer')) relations.push('lecturer');
    if (wants('assistant.user')) relations.push('assistants.user');
    if (wants('class')) relations.push(auth.role === 'student' ? 'ownClasses' : 'classes');
    return { where, params: { tenantId: auth.tenantId, me: auth.userId }, with: relations };
  }

  async getEnrolled(auth: AuthContext, id: number, include: string[]): Promise<Course> {
    const qb = this.enrolledCourses(auth).andWhere('course.id = :id', { id });
    this.joinIncludes(qb, auth, include);
    const course = await qb.getOne();
    if (!course) throw notFound('Course not found');
    course.viewerStudies = true;
    return course;
  }

  private enrolledCourses(auth: AuthContext): SelectQueryBuilder<Course> {
    return this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .where('course.tenant_id = :tenantId', { tenantId: auth.tenantId })
      .andWhere(STUDIES_IN, { me: auth.userId });
  }

  /** Joins what `include` asks for in the same query: no query per course. */
  private joinIncludes(qb: SelectQueryBuilder<Course>, auth: AuthContext, include: string[]) {
    const wants = (path: string) => include.some((item) => item === path || item.startsWith(`${path}.`));
    // Hidden modules and activities only for those who see them (staff, admins), with theirs.
    const hidden = seesHiddenSql('course', auth);
    if (wants('modules')) {
      qb.leftJoinAndSelect(
        'course.modules',
        'module',
        `module.deleted_at IS NULL AND (module.is_active OR ${hidden})`,
        {
          me: auth.userId,
        },
      );
    }
    if (wants('modules.activities')) {
      qb.leftJoinAndSelect(
        'module.activities',
        'activity',
        `activity.deleted_at IS NULL AND (activity.is_active OR ${hidden})`,
      );
    }
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
