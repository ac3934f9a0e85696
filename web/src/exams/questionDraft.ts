/**
 * A question and its options as the question editor holds them (numbers as typed text), and the
 * writes that save only what changed.
 */
import type { AnswerOption, Question } from './examTypes';

export interface OptionDraft {
  id: string;
  index: number;
  answer: string;
  point: string;
  exact_answer: string;
  tolerance: string;
  decimal_place: string;
  formula: string;
}

export interface QuestionDraft {
  question: string;
  weight: string;
  solution: string;
  /** Comma-separated. */
  tags: string;
  data_set_id: string;
  options: OptionDraft[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function optionDraftOf(option: AnswerOption): OptionDraft {
  return {
    id: option.id,
    index: option.index,
    answer: text(option.answer),
    point: text(option.point ?? 0),
    exact_answer: text(option.exact_answer),
    tolerance: text(option.tolerance ?? 0),
    decimal_place: text(option.decimal_place ?? 0),
    formula: text(option.formula),
  };
}

export function questionDraftOf(question: Question): QuestionDraft {
  return {
    question: question.question ?? '',
    weight: text(question.weight ?? 1),
    solution: text(question.solution),
    tags: (question.tags ?? []).join(', '),
    data_set_id: text(question.data_set_id),
    options: (question.answers ?? []).map(optionDraftOf),
  };
}

/** The tags of the comma-separated text: trimmed, each once, blanks left out. */
export const tagsOf = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

const number = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** The question's own attributes that changed. */
export function changedQuestion(original: QuestionDraft, draft: QuestionDraft): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (draft.question !== original.question) changes.question = draft.question;
  if (draft.weight.trim() !== original.weight.trim()) changes.weight = number(draft.weight);
  if (draft.solution !== original.solution) changes.solution = draft.solution.trim() ? draft.solution : null;
  if (tagsOf(draft.tags).join(',') !== tagsOf(original.tags).join(',')) changes.tags = tagsOf(draft.tags);
  if (draft.data_set_id !== original.data_set_id) changes.data_set_id = number(draft.data_set_id);
  return changes;
}

/** Each option whose fields changed, with only those fields. */
export function changedOptions(
  original: readonly OptionDraft[],
  draft: readonly OptionDraft[],
): Array<{ id: string; changes: Record<string, unknown> }> {
  const before = new Map(original.map((option) => [option.id, option]));
  return draft.flatMap((option) => {
    const was = before.get(option.id);
    if (!was) return [];
    const changes: Record<string, unknown> = {};
    if (option.answer !== was.answer) changes.answer = option.answer.trim() ? option.answer : null;
    if (option.exact_answer.trim() !== was.exact_answer.trim())
      changes.exact_answer = option.exact_answer.trim() || null;
    if (option.formula.trim() !== was.formula.trim()) changes.formula = option.formula.trim() || null;
    for (const key of ['point', 'tolerance', 'decimal_place'] as const) {
      if (option[key].trim() !== was[key].trim()) changes[key] = number(option[key]) ?? 0;
    }
    return Object.keys(changes).length ? [{ id: option.id, changes }] : [];
  });
}

/** The options with `id` the only correct one (single-answer types): it keeps its points or gets 1. */
export function markOnlyCorrect(options: readonly OptionDraft[], id: string): OptionDraft[] {
  return options.map((option) => ({
    ...option,
    point: option.id === id ? (Number(option.point) > 0 ? option.point : '1') : '0',
  }));
}

/** The draft's options as numbers, for the checks of `questionProblems`. */
export const optionValues = (options: readonly OptionDraft[]) =>
  options.map((option) => ({
    point: Number(option.point) || 0,
    exact_answer: option.exact_answer,
    tolerance: option.tolerance.trim() === '' ? 0 : Number(option.tolerance),
    decimal_place: option.decimal_place.trim() === '' ? 0 : Number(option.decimal_place),
    formula: option.formula,
  }));
