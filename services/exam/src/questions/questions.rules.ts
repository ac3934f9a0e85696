import { attributes, field, z } from '@lms/jsonapi';
import {
  MAX_DECIMAL_PLACE,
  MAX_OPTION_LENGTH,
  MAX_QUESTION_LENGTH,
  QUESTION_TYPES,
} from '../domain/question-rules';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../imports/imported-question';

/** Packages an exam may have (and a question may be in). */
export const MAX_PACKAGE = 100;

const tags = field.array(field.string({ min: 1, max: MAX_TAG_LENGTH }), { max: MAX_TAGS });
const option = {
  answer: field.string({ max: MAX_OPTION_LENGTH }).nullable().optional(),
  point: field.number({ min: 0, max: 1000 }).optional(),
  exact_answer: field.string({ max: 1000 }).nullable().optional(),
  tolerance: field.number({ min: 0, max: 1e9 }).optional(),
  decimal_place: field.integer({ min: 0, max: MAX_DECIMAL_PLACE }).optional(),
  formula: field.string({ max: 1000 }).nullable().optional(),
};

/**
 * `POST /exam/questions`: into an exam's package (`exam_id`, `package` default 1) or the course's
 * bank (`course_id`); `questions_type` (or `type`) default multiple_choices; `answers` when the
 * options come with the question (otherwise the type's starting options).
 */
export const questionCreateRules = attributes({
  exam_id: field.id().nullable().optional(),
  course_id: field.id().optional(),
  package: field.integer({ min: 1, max: MAX_PACKAGE }).optional(),
  questions_type: field.enum(QUESTION_TYPES).optional(),
  type: field.enum(QUESTION_TYPES).optional(),
  question: field.string({ max: MAX_QUESTION_LENGTH }).optional(),
  weight: field.number({ min: 0.01, max: 1000 }).optional(),
  solution: field.string({ max: MAX_QUESTION_LENGTH }).nullable().optional(),
  data_set_id: field.id().nullable().optional(),
  group: field.enum(['A']).optional(),
  tags: tags.optional(),
  answers: field.array(field.object(option), { max: 26 }).optional(),
});
export type QuestionCreate = z.infer<typeof questionCreateRules>;

/**
 * `PATCH /exam/questions/:id`: only the fields sent. `index` moves the question inside its package
 * (the others renumbered), `package` moves it to the end of another package of its exam; a new
 * `questions_type` gives the question that type's starting options.
 */
export const questionUpdateRules = attributes({
  package: field.integer({ min: 1, max: MAX_PACKAGE }).optional(),
  index: field.integer({ min: 1 }).optional(),
  questions_type: field.enum(QUESTION_TYPES).optional(),
  type: field.enum(QUESTION_TYPES).optional(),
  question: field.string({ max: MAX_QUESTION_LENGTH }).optional(),
  weight: field.number({ min: 0.01, max: 1000 }).optional(),
  solution: field.string({ max: MAX_QUESTION_LENGTH }).nullable().optional(),
  data_set_id: field.id().nullable().optional(),
  group: field.enum(['A']).optional(),
  tags: tags.optional(),
});
export type QuestionUpdate = z.infer<typeof questionUpdateRules>;

/** `POST /exam/answers`: an option of `question_id`, last in its question. */
export const answerCreateRules = attributes({ question_id: field.id(), ...option });
export type AnswerCreate = z.infer<typeof answerCreateRules>;

/** `PATCH /exam/answers/:id`: only the fields sent; `index` moves the option. */
export const answerUpdateRules = attributes({ ...option, index: field.integer({ min: 1 }).optional() });
export type AnswerUpdate = z.infer<typeof answerUpdateRules>;

/** `POST /exam/exams/:id/questions/copy`: questions of the bank or another exam into a package. */
export const questionCopyRules = attributes({
  package: field.integer({ min: 1, max: MAX_PACKAGE }).optional(),
  questions: field.idList({ min: 1, max: 500 }),
});
export type QuestionCopy = z.infer<typeof questionCopyRules>;
