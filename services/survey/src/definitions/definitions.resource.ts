import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { QUESTION_TYPES, type Survey, type SurveyQuestion } from './survey.entity';

const questionSchema = z.object({
  id: z.number(),
  index: z.number(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
});

/** The attributes of a question, as every resource that lists questions shows them. */
export const questionAttributes = (question: SurveyQuestion) => ({
  id: Number(question.id),
  index: question.index,
  text: question.text,
  type: question.type,
  options: question.options,
  required: question.required,
});

/** A survey definition with its questions (spec 03 §3 "Survey": name, type, questions). */
export const surveyResource = defineResource({
  name: 'SurveyDefinition',
  type: 'surveys',
  schema: {
    name: z.string(),
    description: z.string(),
    created_by: z.number(),
    questions: z.array(questionSchema),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (survey: Survey) => ({
    name: survey.name,
    description: survey.description,
    created_by: Number(survey.createdBy),
    questions: (survey.questions ?? []).map(questionAttributes),
    created_at: survey.createdAt,
    updated_at: survey.updatedAt,
  }),
});

/**
 * The questions of a survey (`GET /v2/survey/{id}/questions`); `question_type`, as a resource's
 * `type` names the resource in JSON:API.
 */
export const questionResource = defineResource({
  name: 'SurveyQuestion',
  type: 'survey-questions',
  schema: {
    survey_id: z.number(),
    index: z.number(),
    text: z.string(),
    question_type: z.enum(QUESTION_TYPES),
    options: z.array(z.string()),
    required: z.boolean(),
  },
  attributes: (question: SurveyQuestion) => ({
    survey_id: Number(question.surveyId),
    index: question.index,
    text: question.text,
    question_type: question.type,
    options: question.options,
    required: question.required,
  }),
});

/** `GET /v2/survey/definitions`: the campus's surveys, newest first. */
export const surveyQuery: QuerySpec = {
  filters: { name: { column: 'survey.name', type: 'string', ops: ['like'] } },
  sorts: { id: 'survey.id', name: 'survey.name', created_at: 'survey.created_at' },
  defaultSort: '-created_at',
};
