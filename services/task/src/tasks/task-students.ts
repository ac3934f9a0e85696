import { defineResource, type QuerySpec, z } from '@lms/jsonapi';

/** What a student's work on a task is: exclusive, the first that holds of scored, draft, late, sent. */
export const ANSWER_STATES = ['not_started', 'draft', 'sent', 'late', 'scored'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

/** One student a task is for, with their answer (their group's for a group task) and group. */
export interface TaskStudentRow {
  student: { id: number; name: string; username: string; class: string | null };
  answer: {
    id: number;
    is_sent: boolean;
    is_late: boolean;
    sent_at: Date | null;
    score: number | null;
  } | null;
  group: { id: number; name: string } | null;
  state: AnswerState;
}

/** `GET /course/tasks/{id}/students`: one per student, id the student's. */
export const taskStudentResource = defineResource({
  name: 'TaskStudent',
  type: 'task-students',
  schema: {
    student: z.object({ id: z.int(), name: z.string(), username: z.string(), class: z.string().nullable() }),
    answer: z
      .object({
        id: z.int(),
        is_sent: z.boolean(),
        is_late: z.boolean(),
        sent_at: z.date().nullable(),
        score: z.number().nullable(),
      })
      .nullable(),
    group: z.object({ id: z.int(), name: z.string() }).nullable(),
    state: z.enum(ANSWER_STATES),
  },
  id: (row: TaskStudentRow) => row.student.id,
  attributes: (row: TaskStudentRow) => ({
    student: row.student,
    answer: row.answer,
    group: row.group,
    state: row.state,
  }),
});

/** Its filters (`class_id`, `state`, `search` in name or username); by name, all by `page[limit]=0`. */
export const taskStudentsQuery: QuerySpec = {
  filters: {
    class_id: { column: 'class_id', type: 'integer', ops: ['is'] },
    state: { column: 'state', type: 'string', ops: ['is', 'in'] },
    search: { column: 'search', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { name: 'name', username: 'username' },
  defaultSort: 'name',
};
