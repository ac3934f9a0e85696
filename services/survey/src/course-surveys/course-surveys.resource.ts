import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { QUESTION_TYPES } from '../definitions/survey.entity';
import type { CourseSurvey } from './course-survey.entity';

/** A course survey as one caller sees it: `answered` is theirs; the counts are for its staff only. */
export interface CourseSurveyRow {
  courseSurvey: CourseSurvey;
  answered: boolean;
  /** Whether the caller is the course's lecturer, who responds to the students. */
  canRespond: boolean;
  /** Responses and enrolled students; null for a student. */
  responses: number | null;
  students: number | null;
}

/** A survey attached to a course (spec 03 §3 "Survey": course_id, survey_id, name, response). */
export const courseSurveyResource = defineResource({
  name: 'CourseSurvey',
  type: 'course-surveys',
  id: (row: CourseSurveyRow) => row.courseSurvey.id,
  schema: {
    survey_id: z.number(),
    course_id: z.number(),
    course_name: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    is_open: z.boolean(),
    answered: z.boolean(),
    can_respond: z.boolean(),
    responses: z.number().nullable(),
    students: z.number().nullable(),
    response: z.string().nullable(),
    responded_at: z.date().nullable(),
    created_at: z.date(),
  },
  attributes: ({ courseSurvey, answered, canRespond, responses, students }: CourseSurveyRow) => ({
    survey_id: Number(courseSurvey.surveyId),
    course_id: Number(courseSurvey.courseId),
    course_name: courseSurvey.course?.name ?? null,
    name: courseSurvey.survey?.name ?? '',
    description: courseSurvey.survey?.description ?? '',
    is_open: courseSurvey.isOpen,
    answered,
    can_respond: canRespond,
    responses,
    students,
    response: courseSurvey.lecturerResponse,
    responded_at: courseSurvey.respondedAt,
    created_at: courseSurvey.createdAt,
  }),
});

/** `GET /v2/survey`, `/v2/survey/course/{courseId}`, …: newest first. */
export const courseSurveyQuery: QuerySpec = {
  filters: {
    id: { column: 'cs.id', type: 'integer', ops: ['is'] },
    course_id: { column: 'cs.course_id', type: 'integer', ops: ['is'] },
    survey_id: { column: 'cs.survey_id', type: 'integer', ops: ['is'] },
    is_open: { column: 'cs.is_open', type: 'boolean', ops: ['is'] },
  },
  sorts: { id: 'cs.id', created_at: 'cs.created_at' },
  defaultSort: '-created_at',
};

/** One bar of a distribution: a scale value (1–5) or an option's index, its label and count. */
const bar = z.object({ value: z.number(), label: z.string(), count: z.number() });

/**
 * One question's aggregate. Never who answered: counts, a mean (scale), a distribution (scale and
 * choices); all null below the course survey's minimum of responses.
 */
export interface QuestionResult {
  id: number;
  index: number;
  text: string;
  type: (typeof QUESTION_TYPES)[number];
  options: string[];
  answered: number | null;
  mean: number | null;
  distribution: Array<z.infer<typeof bar>> | null;
}
const questionResult = z.object({
  id: z.number(),
  index: z.number(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  answered: z.number().nullable(),
  mean: z.number().nullable(),
  distribution: z.array(bar).nullable(),
});

/** The aggregate of a course survey for its lecturer: anonymous, with the small-class rule. */
export interface SurveyResults {
  courseSurvey: CourseSurvey;
  responses: number;
  students: number;
  minimum: number;
  questions: QuestionResult[];
}

const resultsSchema = {
  survey_id: z.number(),
  course_id: z.number(),
  course_name: z.string().nullable(),
  name: z.string(),
  responses: z.number(),
  students: z.number(),
  /** responses ÷ enrolled students (0–1), null without students. */
  response_rate: z.number().nullable(),
  minimum_responses: z.number(),
  /** true below the minimum: no breakdown is shown. */
  hidden: z.boolean(),
};
const resultsAttributes = (results: SurveyResults) => ({
  survey_id: Number(results.courseSurvey.surveyId),
  course_id: Number(results.courseSurvey.courseId),
  course_name: results.courseSurvey.course?.name ?? null,
  name: results.courseSurvey.survey?.name ?? '',
  responses: results.responses,
  students: results.students,
  response_rate: results.students > 0 ? Math.min(1, results.responses / results.students) : null,
  minimum_responses: results.minimum,
  hidden: results.responses < results.minimum,
});

/** `GET /v2/survey/lecturers`: per course survey, per question (id: the course survey's). */
export const resultsResource = defineResource({
  name: 'SurveyResults',
  type: 'survey-results',
  id: (results: SurveyResults) => results.courseSurvey.id,
  schema: { ...resultsSchema, questions: z.array(questionResult) },
  attributes: (results: SurveyResults) => ({ ...resultsAttributes(results), questions: results.questions }),
});

/** `GET /v2/survey/course_survey/{id}/questions/{qid}`: one question's aggregate (id: the question's). */
export const questionResultResource = defineResource({
  name: 'SurveyQuestionResult',
  type: 'survey-question-results',
  id: (results: SurveyResults) => results.questions[0].id,
  schema: { ...resultsSchema, course_survey_id: z.number(), question: questionResult },
  attributes: (results: SurveyResults) => ({
    ...resultsAttributes(results),
    course_survey_id: Number(results.courseSurvey.id),
    question: results.questions[0],
  }),
});

/** A free-text answer (a suggestion), without its author (id: random). */
export interface Suggestion {
  id: string;
  questionId: number;
  question: string;
  text: string;
}
export const suggestionResource = defineResource({
  name: 'SurveySuggestion',
  type: 'survey-suggestions',
  schema: { question_id: z.number(), question: z.string(), text: z.string() },
  attributes: (suggestion: Suggestion) => ({
    question_id: suggestion.questionId,
    question: suggestion.question,
    text: suggestion.text,
  }),
});
