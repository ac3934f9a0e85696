/**
 * What each of the seven question types needs (spec 02 §3, §5). Two levels:
 *
 * - `questionIssues`: what no write may break, whatever the type — a known type, a positive
 *   weight, points ≥ 0, tolerance ≥ 0, decimals 0–10, a formula that parses and reads only the
 *   dataset's variables, at most one correct option where only one may be, no options on an essay.
 *   The API answers these with a 422.
 * - `readinessIssues`: what a question still lacks before a student can take it — text, enough
 *   options, a correct one, an exact answer, a dataset and a formula. A question is saved while
 *   it is being written (a new one starts with 'Option 1' and 'Option 2', neither correct), so
 *   these are reported on the question (`problems`), and a question that arrives whole (an import,
 *   a QTI package, a copy) must have none.
 *
 * An option counts as correct when its point is above zero.
 */
import { placeholdersIn } from './dataset';
import { FormulaError, parseFormula } from './formula';

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

/** Types whose options the student picks from (one or several). */
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
/** Types whose options carry a formula computed from a dataset item. */
export const PARAMETERIZED_TYPES: readonly QuestionType[] = [
  'parameterized',
  'parameterized_multiple_choices',
];

export const QUESTION_GROUP = 'A';
export const DEFAULT_WEIGHT = 1;
export const MAX_OPTIONS = 26;
export const MAX_DECIMAL_PLACE = 10;
export const MAX_QUESTION_LENGTH = 100_000;
export const MAX_OPTION_LENGTH = 20_000;

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}

export interface OptionDraft {
  answer: string | null;
  point: number;
  exact_answer: string | null;
  tolerance: number;
  decimal_place: number;
  formula: string | null;
}

export interface QuestionDraft {
  questions_type: QuestionType;
  question: string;
  weight: number;
  data_set_id: number | null;
  answers: readonly OptionDraft[];
}

/** What the checks know of the question's dataset, when it has one. */
export interface DatasetContext {
  variables: readonly string[];
}

/**
 * One problem: `path` is relative to the question's attributes — `question`, `weight`, or
 * `answers/<n>/<field>` for the n-th option (0-based, in index order).
 */
export interface QuestionIssue {
  path: string;
  detail: string;
}

/** The options a new question of the type starts with. */
export function defaultOptions(type: QuestionType): OptionDraft[] {
  const option = (answer: string | null): OptionDraft => ({
    answer,
    point: 0,
    exact_answer: null,
    tolerance: 0,
    decimal_place: 0,
    formula: null,
  });
  switch (type) {
    case 'essay':
      return [];
    case 'true_false':
      return [option('True'), option('False')];
    case 'exact':
    case 'parameterized':
      return [option(null)];
    default:
      return [option('Option 1'), option('Option 2')];
  }
}

export const isCorrect = (option: Pick<OptionDraft, 'point'>) => option.point > 0;

/** Whether an exact answer is read as a number (compared with tolerance) or as text. */
export function isNumericAnswer(text: string): boolean {
  return /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text.trim());
}

function formulaIssue(
  path: string,
  formula: string,
  dataset: DatasetContext | undefined,
): QuestionIssue | undefined {
  try {
    parseFormula(formula, dataset?.variables ?? []);
    return undefined;
  } catch (error) {
    if (error instanceof FormulaError) {
      if (error.kind === 'unknown_variable' && !dataset)
        return {
          path,
          detail: 'the question has no dataset: choose one before writing formulas with variables',
        };
      return { path, detail: error.detail };
    }
    throw error;
  }
}

/** Problems no saved question may have (answered with a 422). */
export function questionIssues(draft: QuestionDraft, dataset?: DatasetContext): QuestionIssue[] {
  const issues: QuestionIssue[] = [];
  const type = draft.questions_type;
  if (!isQuestionType(type))
    return [{ path: 'questions_type', detail: `questions_type must be one of ${QUESTION_TYPES.join(', ')}` }];
  if (draft.question.length > MAX_QUESTION_LENGTH)
    issues.push({ path: 'question', detail: `question must be at most ${MAX_QUESTION_LENGTH} characters` });
  if (!(Number.isFinite(draft.weight) && draft.weight > 0 && draft.weight <= 1000))
    issues.push({ path: 'weight', detail: 'weight must be a number above 0 and at most 1000' });
  if (PARAMETERIZED_TYPES.includes(type)) {
    if (dataset) {
      const unknown = placeholdersIn(draft.question).filter((name) => !dataset.variables.includes(name));
      if (unknown.length)
        issues.push({
          path: 'question',
          detail: `{${unknown.join('}, {')}} ${unknown.length > 1 ? 'are not variables' : 'is not a variable'} of the dataset (${dataset.variables.join(', ') || 'none'})`,
        });
    }
  } else if (draft.data_set_id !== null)
    issues.push({ path: 'data_set_id', detail: `a ${type} question has no dataset` });

  if (type === 'essay' && draft.answers.length)
    issues.push({ path: 'answers', detail: 'an essay question has no options: it is graded by hand' });
  if (draft.answers.length > MAX_OPTIONS)
    issues.push({ path: 'answers', detail: `a question has at most ${MAX_OPTIONS} options` });
  if (type === 'true_false' && draft.answers.length > 2)
    issues.push({ path: 'answers', detail: 'a true/false question has exactly two options' });
  if (SINGLE_ANSWER_TYPES.includes(type) && draft.answers.filter(isCorrect).length > 1)
    issues.push({
      path: 'answers',
      detail: `a ${type} question has one correct option: give the others point 0`,
    });

  draft.answers.forEach((option, n) => {
    const at = (field: string) => `answers/${n}/${field}`;
    if (option.answer !== null && option.answer.length > MAX_OPTION_LENGTH)
      issues.push({ path: at('answer'), detail: `answer must be at most ${MAX_OPTION_LENGTH} characters` });
    if (!(Number.isFinite(option.point) && option.point >= 0 && option.point <= 1000))
      issues.push({ path: at('point'), detail: 'point must be a number from 0 to 1000' });
    if (!(Number.isFinite(option.tolerance) && option.tolerance >= 0))
      issues.push({ path: at('tolerance'), detail: 'tolerance must be a number of 0 or more' });
    if (!(
      Number.isInteger(option.decimal_place) &&
      option.decimal_place >= 0 &&
      option.decimal_place <= MAX_DECIMAL_PLACE
    ))
      issues.push({
        path: at('decimal_place'),
        detail: `decimal_place must be a whole number from 0 to ${MAX_DECIMAL_PLACE}`,
      });
    if (option.exact_answer !== null && type !== 'exact')
      issues.push({ path: at('exact_answer'), detail: `a ${type} question has no exact answer` });
    if (
      type === 'exact' &&
      option.exact_answer !== null &&
      option.exact_answer.trim() &&
      !isNumericAnswer(option.exact_answer) &&
      option.tolerance > 0
    )
      issues.push({
        path: at('tolerance'),
        detail: 'a text answer has no tolerance: give a number or tolerance 0',
      });
    if (option.formula !== null && option.formula.trim()) {
      if (!PARAMETERIZED_TYPES.includes(type))
        issues.push({ path: at('formula'), detail: `a ${type} question has no formula` });
      else {
        const issue = formulaIssue(at('formula'), option.formula, dataset);
        if (issue) issues.push(issue);
      }
    }
  });
  return issues;
}

/** What the question still lacks before a student can take it (empty when it is complete). */
export function readinessIssues(draft: QuestionDraft, dataset?: DatasetContext): QuestionIssue[] {
  const issues: QuestionIssue[] = [];
  const type = draft.questions_type;
  const options = draft.answers;
  if (!draft.question.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(draft.question))
    issues.push({ path: 'question', detail: 'the question has no text' });
  if (CHOICE_TYPES.includes(type)) {
    if (options.length < 2)
      issues.push({ path: 'answers', detail: `a ${type} question needs at least 2 options` });
    const correct = options.filter(isCorrect).length;
    if (SINGLE_ANSWER_TYPES.includes(type) && correct !== 1)
      issues.push({ path: 'answers', detail: 'mark one option correct (a point above 0)' });
    if (type === 'multiple_answers' && correct < 1)
      issues.push({ path: 'answers', detail: 'mark at least one option correct (a point above 0)' });
  }
  if (type === 'true_false' && options.length !== 2)
    issues.push({ path: 'answers', detail: 'a true/false question has exactly two options' });
  options.forEach((option, n) => {
    const at = (field: string) => `answers/${n}/${field}`;
    if (type === 'parameterized_multiple_choices' || type === 'parameterized') {
      if (!option.formula?.trim()) issues.push({ path: at('formula'), detail: 'the option has no formula' });
    } else if (
      CHOICE_TYPES.includes(type) &&
      !option.answer?.replace(/<[^>]*>/g, '').trim() &&
      !/<img\b/i.test(option.answer ?? '')
    )
      issues.push({ path: at('answer'), detail: 'the option has no text' });
    if (type === 'exact' && !option.exact_answer?.trim())
      issues.push({ path: at('exact_answer'), detail: 'the accepted answer is empty' });
  });
  if (type === 'exact' && !options.length)
    issues.push({ path: 'answers', detail: 'an exact question needs at least one accepted answer' });
  if (PARAMETERIZED_TYPES.includes(type)) {
    if (draft.data_set_id === null && !dataset)
      issues.push({ path: 'data_set_id', detail: 'choose the dataset of the question' });
    if (type === 'parameterized' && !options.length)
      issues.push({ path: 'answers', detail: 'a parameterized question needs an answer with its formula' });
  }
  return issues;
}
