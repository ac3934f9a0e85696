/**
 * The exam service's resources as the client reads them (spec 02 §3, spec 03 datasets), on the
 * wire format of spec 02: attributes flattened, `type` as `exams_type`/`questions_type`, dates as
 * `YYYY-MM-DD HH:mm:ss`. They are written from the spec because the exam service's OpenAPI
 * document is not generated yet; once it is (`npm run openapi`), these become
 * `ResourceOf<'/api/exam/…'>` like the course types.
 */

export const QUESTION_TYPES = [
  'multiple_choices',
  'multiple_answers',
  'true_false',
  'essay',
  'exact',
  'parameterized',
  'parameterized_multiple_choices',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types whose options the student picks from. */
export const CHOICE_TYPES: readonly QuestionType[] = [
  'multiple_choices',
  'multiple_answers',
  'true_false',
  'parameterized_multiple_choices',
];
/** Types where exactly one option is correct. */
export const SINGLE_ANSWER_TYPES: readonly QuestionType[] = [
  'multiple_choices',
  'true_false',
  'parameterized_multiple_choices',
];
/** Types computed from a dataset item by a formula. */
export const PARAMETERIZED_TYPES: readonly QuestionType[] = [
  'parameterized',
  'parameterized_multiple_choices',
];

/** How the final score of several attempts is taken. */
export const FINAL_SCORE_TYPES = ['highest', 'latest', 'average'] as const;
export type FinalScoreType = (typeof FINAL_SCORE_TYPES)[number];

/** The kinds of exam a course holds. */
export const EXAM_TYPES = ['quiz', 'midterm', 'final'] as const;

/** The device restrictions of the mobile app (spec 02 §3). */
export const MOBILE_FLAGS = [
  'is_airplane',
  'is_network_change',
  'is_minimize',
  'is_incoming_call',
  'is_sms',
] as const;
export type MobileFlag = (typeof MOBILE_FLAGS)[number];

export interface Exam {
  id: string;
  activity_id?: number | null;
  course_id: number;
  name: string;
  exams_type?: string | null;
  start_at: string | null;
  end_at: string | null;
  passing_grade: number;
  package: number;
  is_published: boolean;
  is_finished: boolean;
  is_show_solution: boolean;
  is_show_score: boolean;
  retry: number;
  is_back: boolean;
  is_duration: boolean;
  duration: number | null;
  intro: string | null;
  is_shuffle: boolean;
  final_score_type: string | null;
  is_restricted_ip: boolean;
  ip_whitelists: string[] | null;
  is_safe: boolean;
  is_mobile: boolean;
  is_airplane: boolean;
  is_network_change: boolean;
  is_minimize: boolean;
  is_incoming_call: boolean;
  is_sms: boolean;
  is_token: boolean;
  is_show_solution_directly: boolean;
  use_autograder?: boolean;
  auto_apply_scoregrader?: boolean;
  token_length?: number | null;
  token_duration?: number | null;
  token_reconnect?: boolean | null;
  token?: string | null;
  deleted_at?: string | null;
  course?: { id: string; name?: string; code?: string | null };
}

export interface AnswerOption {
  id: string;
  question_id: number;
  index: number;
  point: number;
  answer_index?: string | null;
  answer: string | null;
  exact_answer: string | null;
  tolerance: number;
  decimal_place: number;
  formula: string | null;
}

export interface Question {
  id: string;
  exam_id: number | null;
  course_id?: number | null;
  question: string;
  index: number;
  package: number;
  questions_type: QuestionType;
  group: string;
  weight: number;
  solution: string | null;
  data_set_id: number | null;
  tags: string[] | null;
  answers?: AnswerOption[];
}

export interface DatasetVariable {
  id: string;
  data_set_id: number;
  name: string;
  min_value: number;
  max_value: number;
  decimal_place: number;
}

export interface Dataset {
  id: string;
  name: string;
  course_id: number;
  item_count: number;
  details?: DatasetVariable[];
}

/** One generated item: a value per variable, and each formula's result for it. */
export interface DatasetItem {
  id: string;
  values: Record<string, number>;
  formulas?: Array<{ formula: string; result: number | null; error?: string | null }>;
}

export interface ExamToken {
  id: string;
  exam_id: number;
  token_length: number;
  token_duration: number;
  token_reconnect: boolean;
  token: string;
}
