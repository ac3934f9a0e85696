import { defineResource, type QuerySpec, toOne, z } from '@lms/jsonapi';
import type { UserProjection } from '@lms/projections';
import { storedFileSchema } from '@lms/storage';
import { type ReadTask, taskResource } from '../tasks/tasks.resource';
import type { TaskAnswer } from './task-answer.entity';

/** A student an answer names: their name and username (NIM). */
export const answerStudentResource = defineResource({
  name: 'TaskAnswerStudent',
  type: 'users',
  schema: { name: z.string(), username: z.string(), nim: z.string().nullable() },
  attributes: (user: UserProjection) => ({ name: user.name, username: user.username, nim: user.nim }),
});

/**
 * An answer as the service reads it, with what the reader may see of its scoring
 * (`scoresShown`, see `scoresVisible` of grading/visibility.ts), and its student and task when
 * asked for (`include=student,task`).
 */
export type ReadAnswer = TaskAnswer & {
  scoresShown?: boolean;
  student?: UserProjection | null;
  task?: ReadTask | null;
};

/**
 * An answer to a task (spec 02 §3 "Task answer"): a student's own (`student_id`) or a group's
 * (`group_id`). Its score, rubric levels and when it was scored are null for a student until the
 * task shows scores.
 */
export const answerResource = defineResource({
  name: 'TaskAnswer',
  type: 'task-answers',
  schema: {
    task_id: z.int(),
    student_id: z.int().nullable(),
    group_id: z.int().nullable(),
    /** Rich text (sanitized HTML). */
    answer: z.string().nullable(),
    files: z.array(storedFileSchema),
    is_sent: z.boolean(),
    /** When it was last sent (kept through a change request). */
    sent_at: z.date().nullable(),
    is_late: z.boolean(),
    /** The lecturer's comment of the last change request. */
    comment: z.string().nullable(),
    /** Who last saved it. */
    updated_by: z.int(),
    score: z.number().nullable(),
    rubrics: z.array(z.object({ criterion: z.int(), level: z.int(), point: z.number() })).nullable(),
    scored_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (answer: ReadAnswer) => ({
    task_id: Number(answer.taskId),
    student_id: answer.studentId === null ? null : Number(answer.studentId),
    group_id: answer.groupId === null ? null : Number(answer.groupId),
    answer: answer.answer,
    files: answer.files,
    is_sent: answer.isSent,
    sent_at: answer.sentAt,
    is_late: answer.isLate,
    comment: answer.comment,
    updated_by: Number(answer.updatedBy),
    score: answer.scoresShown ? answer.score : null,
    rubrics: answer.scoresShown ? answer.rubrics : null,
    scored_at: answer.scoresShown ? answer.scoredAt : null,
    created_at: answer.createdAt,
    updated_at: answer.updatedAt,
  }),
  relationships: {
    student: toOne(
      () => answerStudentResource,
      (answer: ReadAnswer) => answer.student,
    ),
    task: toOne(
      () => taskResource,
      (answer: ReadAnswer) => answer.task,
    ),
  },
});

export const ANSWER_INCLUDES = ['student', 'task'] as const;

/** `GET /course/task/answers`: filters, sorts and includes. */
export const answerQuery: QuerySpec = {
  filters: {
    task_id: { column: 'answer.task_id', type: 'integer', ops: ['is', 'in'] },
    student_id: { column: 'answer.student_id', type: 'integer', ops: ['is', 'in', 'null'] },
    group_id: { column: 'answer.group_id', type: 'integer', ops: ['is', 'in', 'null'] },
    is_sent: { column: 'answer.is_sent', type: 'boolean', ops: ['is'] },
    is_late: { column: 'answer.is_late', type: 'boolean', ops: ['is'] },
    sent_at: { column: 'answer.sent_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
  },
  sorts: {
    id: 'answer.id',
    sent_at: 'answer.sent_at',
    updated_at: 'answer.updated_at',
    created_at: 'answer.created_at',
  },
  includes: ANSWER_INCLUDES,
  defaultSort: 'id',
};
