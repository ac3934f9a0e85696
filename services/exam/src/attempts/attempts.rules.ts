import { attributes, field, z } from '@lms/jsonapi';

/** `PATCH /exam/studentquestions/{id}`: an answer with its client sequence number, a flag, or both. */
export const saveRules = attributes({
  /** Per type: `{answer_index: [..]}`, `{value: ".."}`, `{text: ".."}`; null clears it. */
  answer: z.unknown().optional(),
  /** The client's sequence number of this question's saves: the highest wins. */
  seq: field.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  flagged: field.boolean().optional(),
});

/** `PATCH /exam/studentexams/{id}/indexes`. */
export const indexRules = attributes({ current_index: field.integer({ min: 1, max: 10_000 }) });

/** `PATCH /exam/studentexams/{id}`: what staff do to an attempt. */
export const attemptActionRules = attributes({ action: field.enum(['reset']) });

/** `PUT /exam/studentexams/stop`. */
export const stopRules = attributes({ student_exam_ids: field.idList({ min: 1, max: 5000 }) });

/** `PATCH /exam/studentexams/{id}/override`: a student's own window (null: the exam's). */
export const attemptOverrideRules = attributes({
  override_start_at: field.date().nullable().optional(),
  override_end_at: field.date().nullable().optional(),
});

/** `PATCH /exam/exams/{id}/override`. */
export const examOverrideRules = attributes({
  student_id: field.id(),
  override_start_at: field.date().nullable().optional(),
  override_end_at: field.date().nullable().optional(),
});

/** `watch` and `unwatch` on `/socket/exam`: the exam whose monitor the socket follows. */
export const watchRules = attributes({ exam_id: field.id() });
