import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { conflict, defineList, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import { CourseProjection, Projections } from '@lms/projections';
import { DefinitionsService, isStaff } from '../definitions/definitions.service';
import { Survey } from '../definitions/survey.entity';
import { CourseSurvey } from './course-survey.entity';
import type { CourseSurveyRow } from './course-surveys.resource';

const courseSurveyList = defineList<CourseSurvey>({
  entity: CourseSurvey,
  alias: 'cs',
  toOne: {
    survey: { entity: Survey, alias: 'survey', on: 'survey.id = cs.survey_id' },
    course: { entity: CourseProjection, alias: 'course', on: 'course.id = cs.course_id' },
  },
});

/** Who manages a course survey: the campus's administrators and the course's staff. */
const MANAGED = `(:admin OR EXISTS (
    SELECT 1 FROM course_staff staff WHERE staff.course_id = cs.course_id AND staff.user_id = :userId AND staff.tenant_id = cs.tenant_id
  ))`;

/** Who sees a course survey: the campus's administrators, the course's staff, and its students while it is open or once they answered it. */
const VISIBLE = `(:admin OR EXISTS (
    SELECT 1 FROM course_staff staff WHERE staff.course_id = cs.course_id AND staff.user_id = :userId AND staff.tenant_id = cs.tenant_id
  ) OR (EXISTS (
    SELECT 1 FROM course_students student WHERE student.course_id = cs.course_id AND student.user_id = :userId
      AND student.tenant_id = cs.tenant_id AND student.enrolled
  ) AND (cs.is_open OR EXISTS (
    SELECT 1 FROM survey_respondents r WHERE r.course_survey_id = cs.id AND r.user_id = :userId
  ))))`;

/**
 * Course surveys (issue 19): a survey of the campus attached to a course by its staff (lecturer,
 * assistants) or an administrator, open to the course's students while `is_open`. Each caller sees
 * those of their courses (another campus's, or a course they are not in, is a 404); the lecturer
 * writes a response to what the students said.
 */
@Injectable()
export class CourseSurveysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly definitions: DefinitionsService,
  ) {}

  /** The questions of a survey: for the campus's staff, or anyone who sees one of its course surveys. */
  async questions(auth: AuthContext, surveyId: number) {
    if (!isStaff(auth)) {
      const seen = await this.dataSource
        .getRepository(CourseSurvey)
        .createQueryBuilder('cs')
        .where(`cs.tenant_id = :tenantId AND cs.survey_id = :surveyId AND ${VISIBLE}`, {
          tenantId: auth.tenantId,
          surveyId,
          userId: auth.userId,
          admin: false,
        })
        .getExists();
      if (!seen) throw notFound('Survey not found');
    }
    return this.definitions.questions(auth.tenantId, surveyId);
  }

  /** The course surveys the caller sees (or, `managed`, manages), narrowed by `where` (course, survey). */
  async list(
    auth: AuthContext,
    query: ParsedQuery,
    where: Record<string, number> = {},
    { managed = false } = {},
  ) {
    const conditions = Object.keys(where).map((column) => `cs.${column} = :${column}`);
    if (managed) conditions.push(MANAGED);
    const [rows, total] = await courseSurveyList.page(
      this.dataSource,
      {
        where: ['cs.tenant_id = :tenantId', VISIBLE, ...conditions],
        params: { tenantId: auth.tenantId, userId: auth.userId, admin: auth.role === 'admin', ...where },
        with: ['survey', 'course'],
      },
      query,
    );
    return [await this.rows(auth, rows), total] as const;
  }

  /** One course survey the caller sees, else a 404. */
  async get(auth: AuthContext, id: number): Promise<CourseSurveyRow> {
    const [row] = await this.rows(auth, [await this.visible(auth, { id })]);
    return row;
  }

  /** The course survey the caller sees, by id or by survey and course; a 404 otherwise. */
  async visible(auth: AuthContext, by: { id: number } | { surveyId: number; courseId: number }) {
    const key = 'id' in by ? ['cs.id = :id'] : ['cs.survey_id = :surveyId', 'cs.course_id = :courseId'];
    const courseSurvey = await courseSurveyList.one(this.dataSource, {
      where: ['cs.tenant_id = :tenantId', VISIBLE, ...key],
      params: { tenantId: auth.tenantId, userId: auth.userId, admin: auth.role === 'admin', ...by },
      with: ['survey', 'course'],
    });
    if (!courseSurvey) throw notFound('Survey not found');
    return courseSurvey;
  }

  /** A course survey the caller may manage (the course's staff, an administrator), else 403 (student) or 404. */
  async managed(auth: AuthContext, by: { id: number } | { surveyId: number; courseId: number }) {
    const courseSurvey = await this.visible(auth, by);
    await this.assertManages(auth, Number(courseSurvey.courseId));
    return courseSurvey;
  }

  /** Attaches a survey of the campus to a course the caller teaches (or any, for an administrator). */
  async attach(auth: AuthContext, input: { survey_id: number; course_id: number; is_open?: boolean }) {
    const course = await this.projections.course(auth.tenantId, input.course_id);
    if (!course) throw notFound('Course not found');
    await this.assertManages(auth, course.id);
    const survey = await this.dataSource
      .getRepository(Survey)
      .findOneBy({ id: input.survey_id, tenantId: auth.tenantId });
    if (!survey) throw notFound('Survey not found');
    const id = await this.dataSource.transaction(async (manager: EntityManager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(CourseSurvey)
        .values({
          tenantId: auth.tenantId,
          surveyId: survey.id,
          courseId: course.id,
          isOpen: input.is_open ?? true,
          createdBy: auth.userId,
        })
        .orIgnore()
        .returning(['id'])
        .execute();
      const row = inserted.raw as Array<{ id: string }>;
      if (row.length === 0) throw conflict('This survey is attached to the course already', 'exists');
      return Number(row[0].id);
    });
    return this.get(auth, id);
  }

  /** Opens or closes it to the course's students. */
  async update(auth: AuthContext, id: number, input: { is_open: boolean }) {
    const courseSurvey = await this.managed(auth, { id });
    await this.dataSource
      .getRepository(CourseSurvey)
      .update({ id: courseSurvey.id }, { isOpen: input.is_open });
    return this.get(auth, id);
  }

  /** The lecturer's response to the course survey (`PATCH /v2/survey/course/{courseId}`); empty clears it. */
  async respond(auth: AuthContext, courseId: number, input: { survey_id: number; response: string }) {
    const courseSurvey = await this.visible(auth, { surveyId: input.survey_id, courseId });
    if ((await this.projections.roleIn(auth, courseId)) !== 'lecturer')
      throw forbidden("Only the course's lecturer responds to its survey");
    const response = input.response.trim();
    await this.dataSource.getRepository(CourseSurvey).update(
      { id: courseSurvey.id },
      {
        lecturerResponse: response === '' ? null : response,
        respondedAt: response === '' ? null : new Date(),
      },
    );
    return this.get(auth, courseSurvey.id);
  }

  /** The course's staff and the campus's administrators manage its surveys; anyone else: 403. */
  async assertManages(auth: AuthContext, courseId: number) {
    if (auth.role === 'admin') return;
    if (!(await this.projections.canAuthor(auth, courseId)))
      throw forbidden("Only the course's lecturer, its assistants or an administrator manage its surveys");
  }

  /** What each caller reads of the course surveys: their own `answered`; the counts for the course's staff. */
  private async rows(auth: AuthContext, courseSurveys: CourseSurvey[]): Promise<CourseSurveyRow[]> {
    if (courseSurveys.length === 0) return [];
    const ids = courseSurveys.map((cs) => Number(cs.id));
    const counts: Array<{
      id: string;
      responses: number;
      students: number;
      answered: boolean;
      staff: boolean;
      lecturer: boolean;
    }> = await this.dataSource.query(
      `SELECT cs.id,
           (SELECT count(*)::int FROM survey_respondents r WHERE r.course_survey_id = cs.id) AS responses,
           (SELECT count(DISTINCT s.user_id)::int FROM course_students s
             WHERE s.course_id = cs.course_id AND s.tenant_id = cs.tenant_id AND s.enrolled) AS students,
           EXISTS (SELECT 1 FROM survey_respondents r WHERE r.course_survey_id = cs.id AND r.user_id = $2) AS answered,
           ($3 OR EXISTS (SELECT 1 FROM course_staff st WHERE st.course_id = cs.course_id AND st.user_id = $2
             AND st.tenant_id = cs.tenant_id)) AS staff,
           EXISTS (SELECT 1 FROM course_staff st WHERE st.course_id = cs.course_id AND st.user_id = $2
             AND st.tenant_id = cs.tenant_id AND st.role = 'lecturer') AS lecturer
         FROM course_surveys cs WHERE cs.id = ANY($1::bigint[])`,
      [ids, auth.userId, auth.role === 'admin'],
    );
    const byId = new Map(counts.map((count) => [Number(count.id), count]));
    return courseSurveys.map((courseSurvey) => {
      const count = byId.get(Number(courseSurvey.id));
      const staff = count?.staff ?? false;
      return {
        courseSurvey,
        answered: count?.answered ?? false,
        canRespond: count?.lecturer ?? false,
        responses: staff ? (count?.responses ?? 0) : null,
        students: staff ? (count?.students ?? 0) : null,
      };
    });
  }
}
