import { defineResource, type QuerySpec, z } from '@lms/jsonapi';

export const TODO_TYPES = ['exam', 'task', 'form', 'score_answers', 'grade_essays'] as const;
export const TODO_STATUSES = [
  'not_started',
  'in_progress',
  'not_sent',
  'change_requested',
  'waiting',
] as const;

/** Something the caller must do next: take an exam, send a task, write a form's entry, score answers, grade essays. */
export interface TodoItem {
  todoType: (typeof TODO_TYPES)[number];
  itemId: number;
  name: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  status: (typeof TODO_STATUSES)[number];
  startAt: Date | null;
  endAt: Date | null;
  dueAt: Date | null;
  since: Date | null;
  count: number | null;
}

export const todoResource = defineResource({
  name: 'TodoItem',
  type: 'todos',
  id: (item: TodoItem) => `${item.todoType}-${item.itemId}`,
  schema: {
    todo_type: z.enum(TODO_TYPES),
    item_id: z.int(),
    name: z.string(),
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    status: z.enum(TODO_STATUSES),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    due_at: z.date().nullable(),
    since: z.date().nullable(),
    count: z.int().nullable(),
  },
  attributes: (item: TodoItem) => ({
    todo_type: item.todoType,
    item_id: item.itemId,
    name: item.name,
    course_id: item.courseId,
    course_name: item.courseName,
    course_code: item.courseCode,
    status: item.status,
    start_at: item.startAt,
    end_at: item.endAt,
    due_at: item.dueAt,
    since: item.since,
    count: item.count,
  }),
});

/** `filter[course_id]`, `filter[todo_type]`; always ordered by when it is due (see TodoService). */
export const todoQuery: QuerySpec = {
  filters: {
    course_id: { column: 'todo.course_id', type: 'integer', ops: ['is', 'in'] },
    todo_type: { column: 'todo.todo_type', type: 'string', ops: ['is', 'in'] },
  },
  sorts: {},
  defaultLimit: 10,
  maxLimit: 500,
};
