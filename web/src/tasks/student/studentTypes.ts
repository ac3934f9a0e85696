/**
 * What the task service answers a student (issue 14, the shared contract of the task endpoints):
 * a task as a student reads it, their answer or their group's, the group and its peer ratings,
 * and the comments on an answer.
 */

/** A file kept with a task, an answer or a comment (the key in the task service's store). */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
}

export interface RubricLevel {
  name: string;
  point: number;
  point_min: number;
  point_max: number;
  description: string | null;
}

export interface RubricCriterion {
  name: string;
  description: string | null;
  weight: number;
  levels: RubricLevel[];
}

export interface Rubric {
  name: string;
  criteria: RubricCriterion[];
}

/** A level chosen for one criterion (indexes into the rubric) and the points it gave. */
export interface RubricChoice {
  criterion: number;
  level: number;
  point: number;
}

/** The student's own answer as the task list summarises it (`meta.my_answer`). */
export interface MyAnswerSummary {
  id: string | number;
  is_sent: boolean;
  is_late: boolean;
  score?: number | null;
}

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
  taskable_type: 'module' | 'activity';
  taskable_id: number;
  course_id: number;
  assesment_method: 'score' | 'rubric';
  rubric: Rubric | null;
  tasks_type: 'PERSONAL' | 'GROUP';
  student_percentage: number | null;
  lecturer_percentage: number | null;
  is_assesment_open: boolean;
  show_score: boolean;
  passing_grade: number | null;
  /** Set on a task in a list by the server for the student reading it. */
  my_answer?: MyAnswerSummary | null;
}

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
  /** The lecturer's words with the last change request. */
  comment: string | null;
  /** Null unless the task shows scores (or none given yet). */
  score: number | null;
  rubrics: RubricChoice[] | null;
  scored_at: string | null;
  created_at: string;
  updated_at: string;
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

export interface GroupAssessment {
  id: string;
  task_group_answer_id: number;
  student_id: number;
  assessor_id: number;
  rubrics: RubricChoice[];
  score: number | null;
}

export interface TaskComment {
  id: string;
  comment: string;
  commentable_type: string;
  commentable_id: number;
  files: StoredFile[];
  user_id?: number;
  user?: { id: number | string; name: string; role?: string } | null;
  user_name?: string | null;
  created_at: string;
}
