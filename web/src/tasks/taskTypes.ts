/**
 * The task service's resources as the client reads them (spec 02 §3, issue 14's contract): tasks,
 * answers, groups, peer assessments, comments, rubric templates and statistics, with the values the
 * screens offer for the fields the service keeps to a list.
 */
import type { RequestAttributes, ResourceOf } from '../api/types';

/** A file kept with a task, an answer or a comment (the storage key names it in its links). */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
}

/** One level of a rubric criterion: a fixed point, or a range the grader picks a point in. */
export interface RubricLevel {
  name: string;
  point: number;
  point_min?: number | null;
  point_max?: number | null;
  description?: string | null;
}

/** One criterion of a rubric: its weight (percent of the score, all summing to 100) and levels. */
export interface RubricCriterion {
  name: string;
  description?: string | null;
  weight: number;
  levels: RubricLevel[];
}

export interface Rubric {
  criteria: RubricCriterion[];
}

/** The level chosen for one criterion when scoring (by criterion and level index). */
export interface RubricChoice {
  criterion: number;
  level: number;
  point?: number | null;
}

export const TASK_TYPES = ['PERSONAL', 'GROUP'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const ASSESSMENT_METHODS = ['score', 'rubric'] as const;
export type AssessmentMethod = (typeof ASSESSMENT_METHODS)[number];

export const TASKABLE_TYPES = ['module', 'activity'] as const;
export type TaskableType = (typeof TASKABLE_TYPES)[number];

/** A task's counts for its staff (meta of each task in a list). */
export type TaskCounts = NonNullable<Task['meta']['counts']>;

/** A student's own answer, in the meta of each task of their list. */
export type MyAnswer = NonNullable<Task['meta']['my_answer']>;

/** A task (spec 02 §3) with its classes when included, as the task service answers it. */
export type Task = ResourceOf<'/api/course/tasks/{id}'>;

/** What the editor writes of a task (a create takes them all, an update those that changed). */
export type TaskAttributes = Partial<RequestAttributes<'/api/course/tasks', 'post'>>;

/** A personal answer (student_id) or a group's (group_id), with its student when included. */
export type TaskAnswer = ResourceOf<'/api/course/task/answers/{id}'>;

/** The states a student's work on a task is in, as the students list filters them. */
export type AnswerState = TaskStudent['state'];

/** Every state, in the order the filter offers them: a record over the published enum. */
const STATE_OFFERED: Record<AnswerState, true> = {
  not_started: true,
  draft: true,
  sent: true,
  late: true,
  scored: true,
};
export const ANSWER_STATES = Object.keys(STATE_OFFERED) as AnswerState[];

/** One student a task is for, with their answer and group (`GET /course/tasks/{id}/students`). */
export type TaskStudent = ResourceOf<'/api/course/tasks/{id}/students'>;

/** A group of a group task with its members and its answer's id (`GET /course/task/{id}/groups`). */
export type TaskGroup = ResourceOf<'/api/course/task/{id}/groups'>;
export type GroupMember = TaskGroup['members'][number];

/** A member's ratings of another member of their group (peer assessment). */
export type GroupAssessment = ResourceOf<'/api/course/task/answer/group/assesments'>;

/** A comment on an answer, with its files and author (`GET /course/comments`). */
export type TaskComment = ResourceOf<'/api/course/comments'>;

/** A rubric to start from: the bundled ones and the campus's own (`GET /course/task/rubric-templates`). */
export type RubricTemplate = ResourceOf<'/api/course/task/rubric-templates'>;

/** A task's statistics (`GET /stats/task/{id}`: counts, average, median, the 10-point histogram). */
export type TaskStatistics = ResourceOf<'/api/stats/task/{id}'>;
/** A zip export of a task's answers and its progress. */
export type TaskExport = ResourceOf<'/api/course/task/{id}/export'>;
