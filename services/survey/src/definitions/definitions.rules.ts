import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import { QUESTION_TYPES } from './survey.entity';

/** Most questions in one survey, and most options in one choice question. */
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 20;

const question = field.object({
  text: field.string({ min: 1, max: 1000 }),
  type: field.enum(QUESTION_TYPES),
  /** The choices of a single or multiple choice question (2 to 20); none for the others. */
  options: field.array(field.string({ min: 1, max: 255 }), { max: MAX_OPTIONS }).optional(),
  required: field.boolean().optional(),
});
export type QuestionInput = AttributesOf<typeof surveyCreateRules>['questions'][number];

/** `POST /v2/survey/definitions`: a survey and its questions, in order. */
export const surveyCreateRules = attributes({
  name: field.string({ min: 1, max: 255 }),
  description: field.string({ max: 5000 }).optional(),
  questions: field.array(question, { min: 1, max: MAX_QUESTIONS }),
});

/** `PATCH /v2/survey/definitions/{id}`: what is sent changes; `questions` replaces them all. */
export const surveyUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  description: field.string({ max: 5000 }).optional(),
  questions: field.array(question, { min: 1, max: MAX_QUESTIONS }).optional(),
});
export type SurveyUpdate = AttributesOf<typeof surveyUpdateRules>;
