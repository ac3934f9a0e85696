import {
  bins,
  difficulty,
  difficultyLevel,
  discrimination,
  discriminationLevel,
  groupSize,
  type ItemResult,
} from './statistics';

const result = (attemptId: number, attemptScore: number, questionScore: number): ItemResult => ({
  attemptId,
  attemptScore,
  questionScore,
});

describe('statistics', () => {
  it('labels 10 bins of width 10, the last one 90–100', () => {
    expect(bins()).toHaveLength(10);
    expect(bins()[9]).toEqual({ bin: 9, from: 90, to: 100, label: '90–100' });
  });

  it('takes 27 % of the attempts for each group, at least one', () => {
    expect(groupSize(0)).toBe(0);
    expect(groupSize(1)).toBe(1);
    expect(groupSize(10)).toBe(3);
    expect(groupSize(100)).toBe(27);
    expect(groupSize(370)).toBe(100);
  });

  it('computes the p-value as the mean question score over 100', () => {
    expect(difficulty([])).toBeNull();
    expect(difficulty([result(1, 80, 100), result(2, 40, 0), result(3, 60, 50)])).toBe(0.5);
  });

  it('computes the discrimination index from the upper and lower 27 %', () => {
    // ten attempts; the three best got the question right, the three worst wrong
    const results = [
      result(1, 95, 100),
      result(2, 90, 100),
      result(3, 85, 100),
      result(4, 70, 0),
      result(5, 60, 100),
      result(6, 55, 0),
      result(7, 50, 100),
      result(8, 30, 0),
      result(9, 20, 0),
      result(10, 10, 0),
    ];
    expect(discrimination(results)).toBe(1);
    // a question the weak get right and the strong wrong discriminates negatively
    const reversed = results.map((r) => ({ ...r, questionScore: 100 - r.questionScore }));
    expect(discrimination(reversed)).toBe(-1);
    // everyone right: no discrimination
    expect(discrimination(results.map((r) => ({ ...r, questionScore: 100 })))).toBe(0);
    expect(discrimination([result(1, 50, 100)])).toBeNull();
    // two attempts: one each
    expect(discrimination([result(1, 90, 100), result(2, 10, 50)])).toBe(0.5);
  });

  it('breaks ties of attempt scores by the attempt’s id', () => {
    const tied = [result(2, 50, 0), result(1, 50, 100), result(3, 50, 0), result(4, 50, 0)];
    expect(discrimination(tied)).toBe(1);
  });

  it('names the levels lecturers read', () => {
    expect(difficultyLevel(0.2)).toBe('hard');
    expect(difficultyLevel(0.5)).toBe('medium');
    expect(difficultyLevel(0.8)).toBe('easy');
    expect(discriminationLevel(0.45)).toBe('very_good');
    expect(discriminationLevel(0.3)).toBe('good');
    expect(discriminationLevel(0.25)).toBe('fair');
    expect(discriminationLevel(-0.1)).toBe('poor');
    expect(discriminationLevel(null)).toBeNull();
  });
});
