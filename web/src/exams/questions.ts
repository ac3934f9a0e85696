/**
 * The logic of the question list and the question editor: the order of a package's questions
 * (spec 02 §4: the moved question takes its new position, the others of the package are
 * renumbered around it, the list is sorted by index), and what a
 * question still lacks before a student can take it — the same rules the exam service reports,
 * shown while the lecturer writes.
 */
import {
  type AnswerOption,
  CHOICE_TYPES,
  PARAMETERIZED_TYPES,
  type Question,
  type QuestionType,
  SINGLE_ANSWER_TYPES,
} from './examTypes';

/** A package's questions in their order. */
export function inOrder<T extends { index: number; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.index - b.index || Number(a.id) - Number(b.id));
}

/**
 * The package after moving question `id` to `position` (1-based, clamped): it takes that
 * position, the others are renumbered 1…n around it. Null when nothing moves.
 */
export function reorder<T extends { index: number; id: string }>(
  questions: readonly T[],
  id: string,
  position: number,
): T[] | null {
  const list = inOrder(questions);
  const from = list.findIndex((question) => question.id === id);
  const to = Math.max(0, Math.min(list.length - 1, position - 1));
  if (from < 0 || from === to) return null;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return list.map((question, at) => ({ ...question, index: at + 1 }));
}

/** Whether an option counts as correct: it gives points (the service's rule). */
export const isCorrect = (option: Pick<AnswerOption, 'point'>) => Number(option.point) > 0;

/** `{name}` placeholders of a question text, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]))];
}

export type QuestionProblem =
  | 'textRequired'
  | 'optionsRequired'
  | 'oneCorrect'
  | 'someCorrect'
  | 'exactRequired'
  | 'toleranceRange'
  | 'decimalRange'
  | 'datasetRequired'
  | 'formulaRequired'
  | 'unknownPlaceholder'
  | 'weightRange';

/** What the question lacks before a student can take it; the editor lists these as it is written. */
export function questionProblems(
  question: Pick<Question, 'question' | 'questions_type' | 'weight' | 'data_set_id'>,
  options: ReadonlyArray<
    Pick<AnswerOption, 'point' | 'exact_answer' | 'tolerance' | 'decimal_place' | 'formula'>
  >,
  variables: readonly string[] | null,
): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const type: QuestionType = question.questions_type;
  const plain = question.question.replace(/<[^>]*>/g, '').trim();
  if (!plain) problems.push('textRequired');
  if (!(Number(question.weight) > 0)) problems.push('weightRange');
  if (CHOICE_TYPES.includes(type)) {
    if (options.length < 2) problems.push('optionsRequired');
    const correct = options.filter(isCorrect).length;
    if (SINGLE_ANSWER_TYPES.includes(type) && correct !== 1) problems.push('oneCorrect');
    if (type === 'multiple_answers' && correct < 1) problems.push('someCorrect');
  }
  if (type === 'exact') {
    if (options.length === 0 || options.some((option) => !option.exact_answer?.trim())) {
      problems.push('exactRequired');
    }
  }
  if (type === 'exact' || PARAMETERIZED_TYPES.includes(type)) {
    if (options.some((option) => !(Number(option.tolerance) >= 0))) problems.push('toleranceRange');
    if (options.some((option) => !isDecimalPlace(option.decimal_place))) problems.push('decimalRange');
  }
  if (PARAMETERIZED_TYPES.includes(type)) {
    if (!question.data_set_id) problems.push('datasetRequired');
    const computed = type === 'parameterized' ? options : options.filter(isCorrect);
    if (computed.length === 0 || computed.some((option) => !option.formula?.trim())) {
      problems.push('formulaRequired');
    }
    if (variables && placeholdersIn(question.question).some((name) => !variables.includes(name))) {
      problems.push('unknownPlaceholder');
    }
  }
  return problems;
}

const isDecimalPlace = (value: unknown) =>
  Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 10;

/** The question text with a dataset item's values in its placeholders (unknown ones stay). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, number>>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The one move that turns `before` into `after` (both the same ids, one of them moved): the moved
 * id and its new 1-based position; null when the orders are equal or differ by more than one move.
 */
export function movedIn(
  before: readonly string[],
  after: readonly string[],
): { id: string; position: number } | null {
  if (before.length !== after.length) return null;
  const first = before.findIndex((id, at) => after[at] !== id);
  if (first < 0) return null;
  let last = before.length - 1;
  while (before[last] === after[last]) last -= 1;
  const up = after[first] === before[last];
  const move = up
    ? { id: before[last], from: last, to: first }
    : { id: before[first], from: first, to: last };
  const check = [...before];
  check.splice(move.from, 1);
  check.splice(move.to, 0, move.id);
  return check.every((id, at) => id === after[at]) ? { id: move.id, position: move.to + 1 } : null;
}
