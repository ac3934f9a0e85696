import { CHOICE_TYPES, SINGLE_ANSWER_TYPES, type QuestionType } from '../examTypes';
import type { AnswerValue } from './outbox';

/** Whether an answer says something (an empty essay, value or choice counts as unanswered). */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (!answer) return false;
  if ('answer_index' in answer) return Array.isArray(answer.answer_index) && answer.answer_index.length > 0;
  if ('text' in answer) return plainText(answer.text) !== '' || /<img|data-latex/i.test(answer.text);
  if ('value' in answer) return String(answer.value ?? '').trim() !== '';
  return false;
}

/** The words of an html text, without its tags. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The options chosen (their `index`). */
export function chosen(answer: AnswerValue | undefined): number[] {
  return answer && 'answer_index' in answer && Array.isArray(answer.answer_index) ? answer.answer_index : [];
}

/** A choice question's answer after the student picked (or unpicked) an option. */
export function toggleChoice(
  type: QuestionType,
  answer: AnswerValue | undefined,
  index: number,
  checked: boolean,
): AnswerValue {
  if (SINGLE_ANSWER_TYPES.includes(type)) return { answer_index: checked ? [index] : [] };
  const picked = new Set(chosen(answer));
  if (checked) picked.add(index);
  else picked.delete(index);
  return { answer_index: [...picked].sort((a, b) => a - b) };
}

/** How a question is answered: by choosing, typing a value, or writing. */
export function inputKind(type: QuestionType): 'single' | 'multiple' | 'value' | 'essay' {
  if (type === 'essay') return 'essay';
  if (CHOICE_TYPES.includes(type)) return SINGLE_ANSWER_TYPES.includes(type) ? 'single' : 'multiple';
  return 'value';
}

/** The letter of the option at a position (A, B, …). */
export const letterOf = (at: number) => String.fromCharCode(65 + (at % 26));
