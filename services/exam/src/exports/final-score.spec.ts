import { countedAttempt } from './final-score';
import type { AttemptResult } from './results-workbook';

const attempt = (
  n: number,
  score: number | null,
  finishedAt: string,
  passed: boolean | null = true,
): AttemptResult => ({
  attempt: n,
  package: 1,
  status: 'finished',
  startedAt: null,
  finishedAt,
  score,
  passed,
  questionScores: new Map(),
});

describe('countedAttempt', () => {
  const first = attempt(1, 80, '2030-01-01 09:00:00');
  const second = attempt(2, 55, '2030-01-02 09:00:00');
  const pending = attempt(3, 20, '2030-01-03 09:00:00', null);

  it('takes the highest, the latest or the average of the fully graded attempts', () => {
    expect(countedAttempt([first, second, pending], 'highest', 60)).toEqual({
      score: 80,
      passed: true,
      shown: first,
    });
    expect(countedAttempt([first, second, pending], 'latest', 60)).toEqual({
      score: 55,
      passed: false,
      shown: second,
    });
    expect(countedAttempt([first, second, pending], 'average', 60)).toEqual({
      score: 67.5,
      passed: true,
      shown: second,
    });
  });

  it('has no score while no attempt is fully graded', () => {
    expect(countedAttempt([pending], 'highest', 0)).toEqual({ score: null, passed: null, shown: null });
    expect(countedAttempt([], 'latest', 0)).toEqual({ score: null, passed: null, shown: null });
  });
});
