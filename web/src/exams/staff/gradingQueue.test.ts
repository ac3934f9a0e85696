import { describe, expect, it } from 'vitest';
import { nextAfter, previousBefore, queueOf, readScore } from './gradingQueue';
import type { EssayAnswer } from './staffTypes';

const answer = (id: number, score: number | null = null): EssayAnswer => ({
  student_question_id: id,
  student_exam_id: String(id * 10),
  name: `Student ${id}`,
  text: `<p>answer ${id}</p>`,
  attempt: 1,
  score,
});

describe('a typed essay score', () => {
  it('takes 0 as a score and refuses an empty field', () => {
    expect(readScore('0', 10)).toEqual({ score: 0 });
    expect(readScore('', 10)).toEqual({ problem: 'required' });
    expect(readScore('   ', 10)).toEqual({ problem: 'required' });
  });

  it('reads decimals with a point or a comma and refuses what is not a number', () => {
    expect(readScore(' 7.5 ', 10)).toEqual({ score: 7.5 });
    expect(readScore('7,5', 10)).toEqual({ score: 7.5 });
    expect(readScore('seven', 10)).toEqual({ problem: 'notNumber' });
    expect(readScore('1e2', null)).toEqual({ problem: 'notNumber' });
  });

  it('keeps the score between 0 and the question’s maximum', () => {
    expect(readScore('-1', 10)).toEqual({ problem: 'negative' });
    expect(readScore('10', 10)).toEqual({ score: 10 });
    expect(readScore('10.5', 10)).toEqual({ problem: 'aboveMax' });
    expect(readScore('250', null)).toEqual({ score: 250 });
  });
});

describe('the grading queue', () => {
  const answers = [answer(1, 4), answer(2), answer(3), answer(4, 0), answer(5)];

  it('holds the ungraded answers, and the graded ones after them when asked', () => {
    expect(queueOf(answers, false).map((item) => item.student_question_id)).toEqual([2, 3, 5]);
    expect(queueOf(answers, true).map((item) => item.student_question_id)).toEqual([2, 3, 5, 1, 4]);
  });

  it('moves to the next answer and wraps around; nothing when no other is left', () => {
    const queue = queueOf(answers, false);
    expect(nextAfter(queue, 2)).toBe(3);
    expect(nextAfter(queue, 5)).toBe(2);
    expect(nextAfter(queue, null)).toBe(2);
    expect(nextAfter([answer(9)], 9)).toBeNull();
    expect(previousBefore(queue, 2)).toBe(5);
    expect(previousBefore(queue, 3)).toBe(2);
  });
});
