import type { EssayAnswer } from './staffTypes';

/**
 * The most a question gives, as the exam service scores it: a question's score is the share of
 * its points got, 0–100, and the attempt's score weighs the questions by their weight.
 */
export const MAX_QUESTION_SCORE = 100;

/** A score as typed: a number from 0 to the question's maximum, or why it is refused. */
export type ScoreInput = { score: number } | { problem: 'required' | 'notNumber' | 'negative' | 'aboveMax' };

/** Reads a typed score: empty is refused (0 is a score), a comma counts as the decimal point. */
export function readScore(typed: string, max: number | null): ScoreInput {
  const value = typed.trim().replace(',', '.');
  if (value === '') return { problem: 'required' };
  if (!/^-?\d+(\.\d+)?$/.test(value)) return { problem: 'notNumber' };
  const score = Number(value);
  if (score < 0) return { problem: 'negative' };
  if (max !== null && score > max) return { problem: 'aboveMax' };
  return { score };
}

/**
 * The answers the queue walks through: the ungraded ones first in the service's order, then (when
 * asked) the graded ones to look at again.
 */
export function queueOf(answers: EssayAnswer[], withGraded: boolean): EssayAnswer[] {
  const ungraded = answers.filter((answer) => answer.score === null);
  return withGraded ? [...ungraded, ...answers.filter((answer) => answer.score !== null)] : ungraded;
}

/**
 * The answer to show after `current` was graded or skipped: the next one in the queue, wrapping
 * to the first; null when the queue holds nothing else.
 */
export function nextAfter(queue: EssayAnswer[], current: number | null): number | null {
  const others = queue.filter((answer) => answer.student_question_id !== current);
  if (others.length === 0) return null;
  const at = queue.findIndex((answer) => answer.student_question_id === current);
  if (at < 0) return others[0].student_question_id;
  return (queue.slice(at + 1).find((answer) => answer.student_question_id !== current) ?? others[0])
    .student_question_id;
}

/** The answer before `current` in the queue, wrapping to the last. */
export function previousBefore(queue: EssayAnswer[], current: number | null): number | null {
  return nextAfter([...queue].reverse(), current);
}
