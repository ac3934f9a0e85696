import { attributes, type AttributesOf, field, z } from '@lms/jsonapi';
import { MAX_QUESTIONS } from '../definitions/definitions.rules';

/** Longest free-text answer, and longest lecturer's response, in characters. */
export const MAX_TEXT_ANSWER = 2000;
export const MAX_LECTURER_RESPONSE = 5000;

/** `POST /course/surveys`: a survey attached to a course, open to its students unless `is_open` is false. */
export const courseSurveyCreateRules = attributes({
  survey_id: field.id(),
  course_id: field.id(),
  is_open: field.boolean().optional(),
});

/** `PATCH /course/surveys/{id}`: opens or closes it to the course's students. */
export const courseSurveyUpdateRules = attributes({
  is_open: field.boolean(),
});

/** An answer's value; which of these a question takes is checked against its type. */
const answerValue = z.union([z.number(), z.array(z.number()).max(50), z.string().max(MAX_TEXT_ANSWER)], {
  error: () => `must be a number, a list of numbers or a text of at most ${MAX_TEXT_ANSWER} characters`,
});

/**
 * `POST /v2/survey`: a student's response. `value` by the question's type: a whole number 1–5
 * (scale), an option's index (single), a list of option indexes (multiple), a text (text).
 */
export const responseRules = attributes({
  course_id: field.id(),
  survey_id: field.id(),
  answers: field.array(field.object({ question_id: field.id(), value: answerValue }), {
    max: MAX_QUESTIONS,
  }),
});
export type ResponseInput = AttributesOf<typeof responseRules>;

/** `PATCH /v2/survey/course/{courseId}`: the lecturer's response to the course survey's results. */
export const lecturerResponseRules = attributes({
  survey_id: field.id(),
  response: field.string({ max: MAX_LECTURER_RESPONSE }),
});
