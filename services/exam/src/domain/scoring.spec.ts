import {
  attemptScore,
  chosenIndexes,
  finalScore,
  isPassed,
  normalizeText,
  scoreQuestion,
  type ScoringOption,
  type ScoringQuestion,
} from './scoring';
import type { QuestionType } from './question-rules';

const option = (index: number, fields: Partial<ScoringOption> = {}): ScoringOption => ({
  index,
  point: 0,
  exact_answer: null,
  tolerance: 0,
  decimal_place: 0,
  formula: null,
  ...fields,
});
const question = (type: QuestionType, options: ScoringOption[]): ScoringQuestion => ({ type, options });
const score = (q: ScoringQuestion, answer: unknown, values: Record<string, number> | null = null) => {
  const result = scoreQuestion(q, answer, values);
  if (result.status !== 'scored') throw new Error('not scored');
  return result.score;
};

describe('scoring', () => {
  describe('single choice (multiple_choices, true_false, parameterized_multiple_choices)', () => {
    const mc = question('multiple_choices', [
      option(1),
      option(2, { point: 2 }),
      option(3),
      option(4, { point: 1 }),
    ]);

    it('gives the chosen option’s point over the highest point', () => {
      expect(score(mc, { answer_index: [2] })).toBe(100);
      expect(score(mc, { answer_index: [4] })).toBe(50);
      expect(score(mc, { answer_index: [1] })).toBe(0);
    });

    it('gives 0 for several options, an unknown option, no answer or a malformed one', () => {
      expect(score(mc, { answer_index: [2, 4] })).toBe(0);
      expect(score(mc, { answer_index: [9] })).toBe(0);
      expect(score(mc, { answer_index: [] })).toBe(0);
      expect(score(mc, null)).toBe(0);
      expect(score(mc, 'B')).toBe(0);
      expect(score(mc, { answer_index: ['x'] })).toBe(0);
    });

    it('reads a bare index and numeric strings', () => {
      expect(score(mc, { answer_index: 2 })).toBe(100);
      expect(score(mc, { answer_index: ['2'] })).toBe(100);
    });

    it('scores true/false and parameterized multiple choice by the chosen option', () => {
      const tf = question('true_false', [option(1), option(2, { point: 1 })]);
      expect(score(tf, { answer_index: [2] })).toBe(100);
      expect(score(tf, { answer_index: [1] })).toBe(0);
      const pmc = question('parameterized_multiple_choices', [
        option(1, { point: 1, formula: 'x * 2' }),
        option(2, { formula: 'x + 100' }),
      ]);
      expect(score(pmc, { answer_index: [1] }, { x: 3 })).toBe(100);
      expect(score(pmc, { answer_index: [2] }, { x: 3 })).toBe(0);
    });
  });

  describe('multiple_answers (partial credit)', () => {
    // correct: 1 (point 1), 3 (point 1); wrong: 2, 4
    const ma = question('multiple_answers', [
      option(1, { point: 1 }),
      option(2),
      option(3, { point: 1 }),
      option(4),
    ]);

    it('gives full credit for exactly the correct options', () => {
      expect(score(ma, { answer_index: [1, 3] })).toBe(100);
      expect(score(ma, { answer_index: [3, 1] })).toBe(100);
    });

    it('gives the share of correct points chosen', () => {
      expect(score(ma, { answer_index: [1] })).toBe(50);
    });

    it('takes 1 / (number of wrong options) away for each wrong option chosen, never below 0', () => {
      expect(score(ma, { answer_index: [1, 3, 2] })).toBe(50);
      expect(score(ma, { answer_index: [1, 2] })).toBe(0);
      expect(score(ma, { answer_index: [2, 4] })).toBe(0);
      // choosing everything gives nothing
      expect(score(ma, { answer_index: [1, 2, 3, 4] })).toBe(0);
    });

    it('weighs correct options by their points', () => {
      const weighted = question('multiple_answers', [
        option(1, { point: 3 }),
        option(2, { point: 1 }),
        option(3),
      ]);
      expect(score(weighted, { answer_index: [1] })).toBe(75);
      expect(score(weighted, { answer_index: [2] })).toBe(25);
      expect(score(weighted, { answer_index: [1, 3] })).toBe(0);
    });

    it('has no penalty when every option is correct', () => {
      const all = question('multiple_answers', [option(1, { point: 1 }), option(2, { point: 1 })]);
      expect(score(all, { answer_index: [1, 2] })).toBe(100);
    });

    it('counts a repeated index once', () => {
      expect(score(ma, { answer_index: [1, 1, 1] })).toBe(50);
    });
  });

  describe('exact', () => {
    it('matches text ignoring case, surrounding and repeated spaces', () => {
      const q = question('exact', [option(1, { exact_answer: 'Jakarta  Raya' })]);
      expect(score(q, { value: '  jakarta raya ' })).toBe(100);
      expect(score(q, { value: 'JAKARTA\tRAYA' })).toBe(100);
      expect(score(q, { value: 'Jakarta' })).toBe(0);
      expect(score(q, { value: 'JakartaRaya' })).toBe(0);
    });

    it('compares numbers with tolerance and decimal places, reading a decimal comma', () => {
      const q = question('exact', [option(1, { exact_answer: '12.5', tolerance: 0.1, decimal_place: 1 })]);
      expect(score(q, { value: '12.5' })).toBe(100);
      expect(score(q, { value: '12,6' })).toBe(100);
      expect(score(q, { value: '12.4' })).toBe(100);
      expect(score(q, { value: '12.3' })).toBe(0);
      expect(score(q, { value: '12.54' })).toBe(100);
      expect(score(q, { value: 'twelve' })).toBe(0);
      expect(score(q, { value: 12.5 })).toBe(100);
    });

    it('compares numbers exactly without tolerance', () => {
      const q = question('exact', [option(1, { exact_answer: '3' })]);
      expect(score(q, { value: '3' })).toBe(100);
      expect(score(q, { value: '3.0' })).toBe(100);
      expect(score(q, { value: '4' })).toBe(0);
    });

    it('accepts any accepted answer, the best point winning when options carry points', () => {
      const q = question('exact', [
        option(1, { exact_answer: 'Soekarno' }),
        option(2, { exact_answer: 'Sukarno' }),
      ]);
      expect(score(q, { value: 'sukarno' })).toBe(100);
      expect(score(q, { value: 'soekarno' })).toBe(100);
      const pointed = question('exact', [
        option(1, { exact_answer: '10', point: 2 }),
        option(2, { exact_answer: '10', point: 1, tolerance: 1 }),
      ]);
      expect(score(pointed, { value: '10' })).toBe(100);
      expect(score(pointed, { value: '11' })).toBe(50);
    });

    it('gives 0 for an empty answer', () => {
      const q = question('exact', [option(1, { exact_answer: 'x' })]);
      expect(score(q, { value: '' })).toBe(0);
      expect(score(q, null)).toBe(0);
    });
  });

  describe('parameterized', () => {
    const q = question('parameterized', [option(1, { formula: 'v * t', decimal_place: 2, tolerance: 0.05 })]);

    it('computes the formula with the bound item', () => {
      expect(score(q, { value: '7.5' }, { v: 2.5, t: 3 })).toBe(100);
      expect(score(q, { value: '7.54' }, { v: 2.5, t: 3 })).toBe(100);
      expect(score(q, { value: '7.6' }, { v: 2.5, t: 3 })).toBe(0);
      // another student's item gives another answer
      expect(score(q, { value: '7.5' }, { v: 2, t: 3 })).toBe(0);
      expect(score(q, { value: '6' }, { v: 2, t: 3 })).toBe(100);
    });

    it('rounds the expected value to the option’s decimal places', () => {
      const third = question('parameterized', [option(1, { formula: 'a / b', decimal_place: 2 })]);
      expect(score(third, { value: '0.33' }, { a: 1, b: 3 })).toBe(100);
      expect(score(third, { value: '0.333' }, { a: 1, b: 3 })).toBe(100);
      expect(score(third, { value: '0.34' }, { a: 1, b: 3 })).toBe(0);
    });

    it('gives 0 without a bound item or when the formula cannot be computed', () => {
      expect(score(q, { value: '7.5' }, null)).toBe(0);
      const broken = question('parameterized', [option(1, { formula: 'a / b' })]);
      expect(score(broken, { value: '0' }, { a: 1, b: 0 })).toBe(0);
    });
  });

  it('leaves an essay pending, an empty one scored 0', () => {
    expect(scoreQuestion(question('essay', []), { text: '<p>answer</p>' })).toEqual({ status: 'pending' });
    expect(scoreQuestion(question('essay', []), { text: '<p> </p>' })).toEqual({
      status: 'scored',
      score: 0,
    });
    expect(scoreQuestion(question('essay', []), null)).toEqual({ status: 'scored', score: 0 });
  });

  it('reads the stored answer shapes', () => {
    expect(chosenIndexes({ answer_index: [3, 1, 3] })).toEqual([3, 1]);
    expect(normalizeText(' Ｊａｋａｒｔａ ')).toBe('jakarta');
  });

  describe('attempt', () => {
    it('is the weighted mean of its questions’ scores, 0 to 100', () => {
      expect(
        attemptScore([
          { score: 100, weight: 1 },
          { score: 0, weight: 1 },
          { score: 50, weight: 2 },
        ]),
      ).toEqual({ score: 50, pending: 0 });
      expect(
        attemptScore([
          { score: 100, weight: 3 },
          { score: 0, weight: 1 },
        ]).score,
      ).toBe(75);
      expect(
        attemptScore([
          { score: 100, weight: 1 },
          { score: 0, weight: 2 },
        ]).score,
      ).toBe(33.33);
      expect(attemptScore([]).score).toBe(0);
    });

    it('counts a pending essay as 0 and reports it', () => {
      expect(
        attemptScore([
          { score: 100, weight: 1 },
          { score: null, weight: 1 },
        ]),
      ).toEqual({ score: 50, pending: 1 });
    });

    it('passes at the passing grade and above', () => {
      expect(isPassed(60, 60)).toBe(true);
      expect(isPassed(59.99, 60)).toBe(false);
      expect(isPassed(0, 0)).toBe(true);
    });
  });

  describe('final score across attempts', () => {
    const attempts = [
      { attempt: 1, score: 80, finished_at: new Date('2026-01-01T10:00:00Z') },
      { attempt: 2, score: 50, finished_at: new Date('2026-01-01T11:00:00Z') },
      { attempt: 3, score: 65, finished_at: new Date('2026-01-01T12:00:00Z') },
    ];

    it('takes the highest, the latest or the average', () => {
      expect(finalScore(attempts, 'highest')).toBe(80);
      expect(finalScore(attempts, 'latest')).toBe(65);
      expect(finalScore(attempts, 'average')).toBe(65);
      expect(finalScore(attempts.slice(0, 2), 'average')).toBe(65);
      expect(finalScore([attempts[0], attempts[1]], 'latest')).toBe(50);
    });

    it('has none without a scored attempt', () => {
      expect(finalScore([], 'highest')).toBeNull();
    });
  });
});
