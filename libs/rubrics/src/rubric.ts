/**
 * A rubric (spec 02 §3 "Rubric template"; a task's, a form's, a template's): criteria, each rated on levels. A level's `point` is
 * what choosing it gives (0–100 of the criterion); `point_min`/`point_max` bound a level that
 * takes a typed value inside a range (both 0: the fixed `point`).
 */
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
  /** Share of the rubric's total (percent); the criteria's weights sum to 100. */
  weight: number;
  levels: RubricLevel[];
}

export interface Rubric {
  name: string;
  criteria: RubricCriterion[];
}

/** What a scorer chose for one criterion of a rubric: the level's index and, for a range, the value. */
export interface RubricChoice {
  criterion: number;
  level: number;
  point: number;
}
