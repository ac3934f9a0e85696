import { attributes, field, z } from '@lms/jsonapi';

/** Most files one answer (or one comment) holds. */
export const MAX_ANSWER_FILES = 10;
/** Longest answer text (rich text HTML), in characters. */
export const MAX_ANSWER_LENGTH = 200_000;

/**
 * The files of an answer to keep, by key: each as the key itself or as the file object the
 * service answered (`{key, name, size, mime}`); a file of the answer left out is removed.
 */
const keptFiles = field.array(
  z.union([
    z.string({ error: 'must be a file key' }).min(1),
    z.looseObject({ key: z.string({ error: 'must be a file key' }).min(1) }).transform((file) => file.key),
  ]),
  { max: MAX_ANSWER_FILES },
);

/** What the caller's answer becomes; only the fields sent change. */
const answerFields = {
  /** Rich text (HTML, sanitized) or plain text (paragraphs). */
  answer: field.string({ max: MAX_ANSWER_LENGTH }).nullable().optional(),
  files: keptFiles.optional(),
  /** 1 sends it; 0 (or absent) keeps it a draft. */
  is_sent: field.boolean().optional(),
};

/**
 * `POST /course/tasks/setAnswer` (and `POST|PATCH /course/task/answer/groups`): the caller's answer
 * to the task — their own for a personal task, their group's for a group task — as JSON or as
 * multipart fields with the new files in `file` parts.
 */
export const setAnswerRules = attributes(
  { task_id: field.id(), ...answerFields },
  { requiredTexts: { task_id: 'Task id is required' } },
);

/** `PATCH /course/task/answer/groups`: the group answer named by `id`, or the caller's group's of `task_id`. */
export const groupAnswerRules = attributes({
  id: field.id().optional(),
  task_id: field.id().optional(),
  ...answerFields,
});

/**
 * `PATCH /course/task/answers/{id}` and `PATCH /course/task/answer/request/groups/{id}` (staff): a
 * change request — the answer goes back to draft with the lecturer's comment.
 */
export const changeRequestRules = attributes(
  {
    is_sent: field
      .boolean()
      .refine((value) => !value, { message: 'must be 0: a change request reopens the answer' }),
    comment: field.string({ min: 1, max: 10_000 }),
  },
  { requiredTexts: { comment: 'comment is required: tell the student what to change' } },
);

export type AnswerInput = z.output<typeof groupAnswerRules>;
