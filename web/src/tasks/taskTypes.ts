/**
 * The task service's resources as the client reads them (spec 02 §3, issue 14's contract): tasks,
 * answers, groups, peer assessments, comments, rubric templates and statistics, with the values the
 * screens offer for the fields the service keeps to a list.
 */

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
export interface TaskCounts {
  students: number;
  sent: number;
  late: number;
  scored: number;
}

/** A student's own answer, in the meta of each task of their list. */
export interface MyAnswer {
  id: string;
  is_sent: boolean;
  is_late: boolean;
  score?: number | null;
}

export interface TaskClass {
  id: string;
  name?: string;
}

/** A task (spec 02 §3) with its classes when included. */
export interface Task {
  id: string;
  name: string;
  description: string | null;
  start_at: string | null;
  end_at: string | null;
  files: StoredFile[];
  is_active: boolean;
  file_required: boolean;
  is_lateable: boolean;
  taskable_type: TaskableType;
  taskable_id: number;
  course_id: number;
  assesment_method: AssessmentMethod;
  rubric: Rubric | null;
  tasks_type: TaskType;
  student_percentage: number | null;
  lecturer_percentage: number | null;
  is_assesment_open: boolean;
  show_score: boolean;
  passing_grade: number;
  all_class: boolean;
  class_ids: number[];
  group_ids?: number[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  classes?: TaskClass[];
  meta?: { my_answer?: MyAnswer | null; counts?: TaskCounts };
}

/** What the editor writes of a task. */
export type TaskAttributes = Partial<
  Omit<Task, 'id' | 'created_at' | 'updated_at' | 'deleted_at' | 'classes' | 'meta' | 'group_ids'>
>;

/** A personal answer (student_id) or a group's (group_id). */
export interface TaskAnswer {
  id: string;
  task_id: number;
  student_id: number | null;
  group_id: number | null;
  answer: string | null;
  files: StoredFile[];
  is_sent: boolean;
  sent_at: string | null;
  is_late: boolean;
  comment: string | null;
  score: number | null;
  rubrics: RubricChoice[] | null;
  scored_at: string | null;
  created_at: string;
  updated_at: string;
  student?: { id: string; name?: string; username?: string };
}

/** The states a student's work on a task is in, as the students list filters them. */
export const ANSWER_STATES = ['not_started', 'draft', 'sent', 'late', 'scored'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

/** One student a task is for, with their answer and group (`GET /course/tasks/{id}/students`). */
export interface TaskStudent {
  id: string;
  student: { id: number | string; name: string; username: string; class?: string | null };
  answer: {
    id: number | string;
    is_sent: boolean;
    is_late: boolean;
    sent_at: string | null;
    score: number | null;
  } | null;
  group: { id: number | string; name: string } | null;
  /** As the service names it (scored, draft, late, sent, not started: the first that holds). */
  state?: AnswerState;
}

export interface GroupMember {
  id: number | string;
  name: string;
  username: string;
  score?: number | null;
}

export interface TaskGroup {
  id: string;
  task_id?: number;
  name: string;
  members: GroupMember[];
}

/** A member's ratings of another member of their group (peer assessment). */
export interface GroupAssessment {
  id: string;
  answer_id: number;
  student_id: number;
  assessor_id: number;
  rubrics: RubricChoice[];
  score: number | null;
}

export interface TaskComment {
  id: string;
  commentable_type: 'task_answer';
  commentable_id: number;
  body?: string;
  comment?: string;
  files: StoredFile[];
  user_id?: number;
  user?: { id: string; name?: string };
  /** Who wrote it, and whether they teach the course. */
  author?: { id: number; name: string; username: string; is_staff: boolean };
  created_at: string;
}

export interface RubricTemplate {
  id: string;
  name: string;
  rubric: Rubric;
  bundled?: boolean;
}

export interface TaskStatistics {
  id: string;
  students: number;
  sent: number;
  late: number;
  draft: number;
  not_started: number;
  scored: number;
  average: number | null;
  median: number | null;
  passed: number;
  histogram: Array<{ from: number; to: number; count: number }>;
}
