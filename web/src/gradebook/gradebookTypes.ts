/**
 * The gradebook's resources as the course service answers them (the gradebook contract of issue
 * 15: `/gradebook`, `/course/grades`, `/course/index`, `/course/courseactivities`).
 */

/** What can carry a weight in the final score. */
export type GradeableType = 'exams' | 'tasks' | 'forms' | 'courseactivities' | 'presences';

/** One column of the grid: a gradeable of the course, weighted or not (percentage 0, no grade). */
export interface GradebookColumn {
  /** `<gradeable_type>:<gradeable_id>`, the key of the rows' `scores`. */
  key: string;
  gradeable_type: GradeableType;
  gradeable_id: number | string;
  title: string;
  percentage: number;
  /** The weight's own id (`/course/grades/{id}`); null while the gradeable has no weight. */
  grade_id: number | string | null;
}

/** An index band: a final score in [min, max] gets this letter. */
export interface Band {
  index: string;
  min: number;
  max: number;
}

/** One student's row. */
export interface GradebookRow {
  id: string;
  student_id: number | string;
  name: string;
  username: string;
  nim: string | null;
  class_id: number | string | null;
  class_name: string | null;
  /** 0–100 with two decimals, null where the student has no score yet. */
  scores: Record<string, number | null>;
  final_score: number;
  index: string | null;
}

export interface GradebookMeta {
  columns: GradebookColumn[];
  bands: Band[];
  published: boolean;
  weights_total: number;
  class_id: number | string | null;
  course_id: number | string;
  total: number;
}

export interface Gradebook {
  rows: GradebookRow[];
  meta: GradebookMeta;
}

/** A stored index band (`/course/index`). */
export interface IndexBand extends Band {
  id: string;
  course_id: number | string;
}

/** A custom activity: scores typed in by the staff. */
export interface CourseActivity {
  id: string;
  course_id: number | string;
  title: string;
}

/** A score of a custom activity as `PUT …/scores` answers it. */
export interface ActivityScore {
  id: string;
  student_id: number | string;
  score: number | null;
}

/** The gradebook workbook stored for download. */
export interface GradebookExport {
  id: string;
  url: string;
  filename: string;
}
