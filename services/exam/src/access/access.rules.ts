import { attributes, field } from '@lms/jsonapi';

/** `POST /exam/exams/token/validate`: the token as the student typed it. */
export const tokenValidateRules = attributes({
  exam_id: field.id(),
  token: field.string({ min: 1, max: 64 }),
});
