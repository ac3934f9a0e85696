import { defineResource, type QuerySpec, toMany, toOne, z } from '@lms/jsonapi';
import type { CourseClassProjection, CourseProjection, UserProjection } from '@lms/projections';
import { type Exam, FINAL_SCORE_TYPES } from './exam.entity';

/** A course as an exam shows it. */
export const examCourseResource = defineResource({
  name: 'ExamCourse',
  type: 'courses',
  schema: {
    name: z.string(),
    code: z.string().nullable(),
    period_id: z.int().nullable(),
    period_name: z.string().nullable(),
    period_year: z.int().nullable(),
    period_type: z.string().nullable(),
    is_active: z.boolean(),
  },
  attributes: (course: CourseProjection) => ({
    name: course.name,
    code: course.code,
    period_id: course.periodId === null ? null : Number(course.periodId),
    period_name: course.periodName,
    period_year: course.periodYear,
    period_type: course.periodType,
    is_active: course.isActive,
  }),
});

/** A class of the exam's course. */
export const examClassResource = defineResource({
  name: 'ExamClass',
  type: 'classes',
  schema: { course_id: z.int(), name: z.string() },
  attributes: (courseClass: CourseClassProjection) => ({
    course_id: Number(courseClass.courseId),
    name: courseClass.name,
  }),
});

/** A person shown with an exam (its assistants): name and avatar. */
export const examUserResource = defineResource({
  name: 'ExamUser',
  type: 'users',
  schema: { name: z.string(), thumbnail: z.string().nullable(), nidn: z.string().nullable() },
  attributes: (user: UserProjection) => ({ name: user.name, thumbnail: user.thumbnail, nidn: user.nidn }),
});

/** Transient facts of the reader, set by the service: whether they may author the exam. */
export type ReadExam = Exam & { viewerAuthors?: boolean };

/**
 * An exam (spec 02 §3). Its token, token settings and IP allow-list are for those who author it;
 * a student reads the rest of a published exam.
 */
export const examResource = defineResource({
  name: 'Exam',
  type: 'exams',
  schema: {
    course_id: z.int(),
    activity_id: z.int().nullable(),
    name: z.string(),
    exams_type: z.string().nullable(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    passing_grade: z.number(),
    package: z.int(),
    is_published: z.boolean(),
    is_finished: z.boolean(),
    is_show_solution: z.boolean(),
    is_show_score: z.boolean(),
    retry: z.int(),
    is_back: z.boolean(),
    is_duration: z.boolean(),
    duration: z.int().nullable(),
    intro: z.string().nullable(),
    is_shuffle: z.boolean(),
    final_score_type: z.enum(FINAL_SCORE_TYPES),
    is_restricted_ip: z.boolean(),
    is_safe: z.boolean(),
    is_mobile: z.boolean(),
    is_airplane: z.boolean(),
    is_network_change: z.boolean(),
    is_minimize: z.boolean(),
    is_incoming_call: z.boolean(),
    is_sms: z.boolean(),
    is_token: z.boolean(),
    is_show_solution_directly: z.boolean(),
    use_autograder: z.boolean(),
    auto_apply_scoregrader: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
    deleted_at: z.date().nullable(),
    /** Whether the reader may author it. */
    can_edit: z.boolean(),
    /** To its authors. */
    ip_whitelists: z.array(z.string()).optional(),
    token: z.string().nullable().optional(),
    token_length: z.int().nullable().optional(),
    token_duration: z.int().nullable().optional(),
    token_reconnect: z.boolean().optional(),
    token_expires_at: z.date().nullable().optional(),
  },
  attributes: (exam: ReadExam) => ({
    course_id: Number(exam.courseId),
    activity_id: exam.activityId === null ? null : Number(exam.activityId),
    name: exam.name,
    exams_type: exam.type,
    start_at: exam.startAt,
    end_at: exam.endAt,
    passing_grade: Number(exam.passingGrade),
    package: exam.package,
    is_published: exam.isPublished,
    is_finished: exam.isFinished,
    is_show_solution: exam.isShowSolution,
    is_show_score: exam.isShowScore,
    retry: exam.retry,
    is_back: exam.isBack,
    is_duration: exam.isDuration,
    duration: exam.duration,
    intro: exam.intro,
    is_shuffle: exam.isShuffle,
    final_score_type: exam.finalScoreType,
    is_restricted_ip: exam.isRestrictedIp,
    is_safe: exam.isSafe,
    is_mobile: exam.isMobile,
    is_airplane: exam.isAirplane,
    is_network_change: exam.isNetworkChange,
    is_minimize: exam.isMinimize,
    is_incoming_call: exam.isIncomingCall,
    is_sms: exam.isSms,
    is_token: exam.isToken,
    is_show_solution_directly: exam.isShowSolutionDirectly,
    use_autograder: exam.useAutograder,
    auto_apply_scoregrader: exam.autoApplyScoregrader,
    created_at: exam.createdAt,
    updated_at: exam.updatedAt,
    deleted_at: exam.deletedAt,
    can_edit: exam.viewerAuthors === true,
    ...(exam.viewerAuthors
      ? {
          ip_whitelists: exam.ipWhitelists,
          token: exam.token,
          token_length: exam.tokenLength,
          token_duration: exam.tokenDuration,
          token_reconnect: exam.tokenReconnect,
          token_expires_at: exam.tokenExpiresAt,
        }
      : {}),
  }),
  relationships: {
    course: toOne(
      () => examCourseResource,
      (exam: Exam) => exam.course,
    ),
    assistants: toMany(
      () => examUserResource,
      (exam: Exam) => exam.assistants,
    ),
    classes: toMany(
      () => examClassResource,
      (exam: Exam) => exam.classes,
    ),
  },
});

/** A new exam token and how it was made (`POST /exam/exams/token`). */
export const examTokenResource = defineResource({
  name: 'ExamToken',
  type: 'exam_tokens',
  schema: {
    exam_id: z.int(),
    token: z.string(),
    token_length: z.int(),
    token_duration: z.int(),
    token_reconnect: z.boolean(),
    expires_at: z.date(),
  },
  id: (exam: Exam) => exam.id,
  attributes: (exam: Exam) => ({
    exam_id: Number(exam.id),
    token: exam.token!,
    token_length: exam.tokenLength!,
    token_duration: exam.tokenDuration!,
    token_reconnect: exam.tokenReconnect,
    expires_at: exam.tokenExpiresAt!,
  }),
});

export const EXAM_INCLUDES = ['course', 'assistants', 'classes'] as const;

/** `GET /exam/exams`: what may be filtered, sorted and included; the homepage's order by default. */
export const examQuery: QuerySpec = {
  filters: {
    id: { column: 'exam.id', type: 'integer', ops: ['is', 'not', 'in'] },
    course_id: { column: 'exam.course_id', type: 'integer', ops: ['is', 'in'] },
    activity_id: { column: 'exam.activity_id', type: 'integer', ops: ['is', 'in', 'null'] },
    name: { column: 'exam.name', type: 'string', ops: ['is', 'like'] },
    exams_type: { column: 'exam.type', type: 'string', ops: ['is', 'in', 'null'] },
    is_published: { column: 'exam.is_published', type: 'boolean', ops: ['is'] },
    is_finished: { column: 'exam.is_finished', type: 'boolean', ops: ['is'] },
    start_at: { column: 'exam.start_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    end_at: { column: 'exam.end_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    /** `filter[deleted_at][null]=false`: the deleted exams (their authors only), to restore one. */
    deleted_at: { column: 'exam.deleted_at', type: 'date', ops: ['null'] },
  },
  sorts: {
    id: 'exam.id',
    name: 'exam.name',
    start_at: 'exam.start_at',
    end_at: 'exam.end_at',
    created_at: 'exam.created_at',
    updated_at: 'exam.updated_at',
  },
  includes: EXAM_INCLUDES,
  defaultSort: '-start_at',
  // The exam homepage asks for a page of 1000 (spec 02 §9).
  maxLimit: 1000,
};
