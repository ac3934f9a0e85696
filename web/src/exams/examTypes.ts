/**
 * The exam service's resources as the client reads them (spec 02 §3, spec 03 datasets), from the
 * generated API types, and the values the screens offer for the fields the service keeps open.
 */
import type { ResourceOf } from '../api/types';

/** A question's type: one of the seven the exam service publishes (an enum of its API document). */
export type QuestionType = ResourceOf<'/api/exam/questions'>['questions_type'];

/**
 * Every question type, in the order the editor offers them: a record over the published enum, so
 * the client does not build when a type is added to or removed from the service without it.
 */
const TYPE_OFFERED: Record<QuestionType, true> = {
  multiple_choices: true,
  multiple_answers: true,
  true_false: true,
  essay: true,
  exact: true,
  parameterized: true,
  parameterized_multiple_choices: true,
};
export const QUESTION_TYPES = Object.keys(TYPE_OFFERED) as QuestionType[];

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

/** An exam with its settings (spec 02 §3); `can_edit` says whether the reader may author it. */
export type Exam = ResourceOf<'/api/exam/exams/{id}'>;

/** A lecturer assisting one exam (name and avatar). */
export type ExamPerson = NonNullable<Exam['assistants']>[number];

/** A class of the exam's course. */
export type ExamClass = ResourceOf<'/api/exam/exams/{id}/classes'>;

/** A token made for an exam (`POST /exam/exams/token`). */
export type ExamToken = ResourceOf<'/api/exam/exams/token', 'post'>;

/** A question of an exam package or of the course's bank, with its options when included. */
export type Question = ResourceOf<'/api/exam/questions'>;

/** A question as one student gets it: filled from a dataset item, each option's formula computed. */
export type QuestionPreview = ResourceOf<'/api/exam/questions/{id}/preview'>;

/** An answer option of a question (spec 02 §3): a correct one gives points. */
export type AnswerOption = ResourceOf<'/api/exam/answers/{id}', 'patch'>;

/** A dataset of calculated questions (spec 03) with its variables. */
export type Dataset = ResourceOf<'/api/exam/datasets/{id}'>;

export type DatasetVariable = NonNullable<Dataset['details']>[number];

/** One generated item: a value per variable, and the result of each formula (or why there is none). */
export type DatasetItem = ResourceOf<'/api/exam/datasets/{id}/items'>;

/** A dataset's items and the formulas their `results` answer, in order. */
export interface DatasetItems {
  items: DatasetItem[];
  formulas: string[];
}

/** A package exported as QTI, and the questions left out (1-based index in the package, reason). */
export interface QtiExport {
  blob: Blob;
  skipped: Array<{ index: number; reason: string }>;
}
