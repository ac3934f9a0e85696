import type { Rubric } from '@lms/rubrics';
import { ESSAY_RUBRIC } from '../../test/support/grading-fixtures';
import { isPassed, memberScore, parseScore, peerMean, round2, rubricScore } from './scoring';

/** The worked examples of docs/task-scoring.md. */
describe('task scoring', () => {
  describe('a typed score', () => {
    it.each([
      [85, 85],
      ['85', 85],
      ['72.5', 72.5],
      [' 60 ', 60],
      ['0', 0],
      [100, 100],
      ['66.666', 66.67],
    ])('reads %p as %p', (input, expected) => {
      expect(parseScore(input)).toEqual({ ok: true, value: expected });
    });

    it.each([[undefined], [null], [''], ['   ']])('takes %p as 0 (spec 02 §5: defaulting to 0)', (input) => {
      expect(parseScore(input)).toEqual({ ok: true, value: 0 });
    });

    it.each([[-1], [100.01], ['101'], ['eighty'], ['1e2'], [Number.NaN], [Infinity], [true], [{}], [[80]]])(
      'refuses %p',
      (input) => {
        expect(parseScore(input)).toEqual({
          ok: false,
          issues: [{ path: ['score'], detail: 'score must be a number from 0 to 100' }],
        });
      },
    );
  });

  /** Report 40 %, code 35 %, presentation 25 %; the code criterion has a range level 50–79. */
  const essay = ESSAY_RUBRIC;

  describe('a rubric score', () => {
    it('is Σ weight × point / 100: 40 × 80 + 35 × 70 + 25 × 90 over 100 = 79', () => {
      const result = rubricScore(essay, [
        { criterion: 2, level: 1 },
        { criterion: 0, level: 1 },
        { criterion: 1, level: 1, point: '70' },
      ]);
      expect(result).toEqual({
        ok: true,
        value: {
          score: 79,
          choices: [
            { criterion: 0, level: 1, point: 80 },
            { criterion: 1, level: 1, point: 70 },
            { criterion: 2, level: 1, point: 90 },
          ],
        },
      });
    });

    it('gives a fixed level its own point whatever point is sent with it', () => {
      const result = rubricScore(essay, [
        { criterion: 0, level: 2, point: 5 },
        { criterion: 1, level: 0 },
        { criterion: 2, level: 0 },
      ]);
      // 40 × 100 + 35 × 0 + 25 × 50 = 5250 → 52.5
      expect(result).toMatchObject({ ok: true, value: { score: 52.5 } });
    });

    it('scores the bundled peer review (five criteria of weight 20) as the mean of the points', () => {
      const levels = [40, 50, 60, 80, 100].map((point, n) => ({
        name: `L${n}`,
        point,
        point_min: 0,
        point_max: 0,
        description: null,
      }));
      const peer: Rubric = {
        name: 'Group Peer Review Evaluation',
        criteria: Array.from({ length: 5 }, (_, n) => ({
          name: `C${n}`,
          description: null,
          weight: 20,
          levels,
        })),
      };
      // Agree, Agree, Strongly Agree, Neutral, Agree: (80 + 80 + 100 + 60 + 80) / 5 = 80
      const result = rubricScore(
        peer,
        [3, 3, 4, 2, 3].map((level, criterion) => ({ criterion, level })),
      );
      expect(result).toMatchObject({ ok: true, value: { score: 80 } });
    });

    it('refuses a typed value outside its level’s range, pointing at it', () => {
      const result = rubricScore(essay, [
        { criterion: 0, level: 1 },
        { criterion: 1, level: 1, point: 80 },
        { criterion: 2, level: 1 },
      ]);
      expect(result).toEqual({
        ok: false,
        issues: [
          {
            path: ['rubrics', 1, 'point'],
            detail: 'rubrics[1].point must be a number from 50 to 79 for “Works partly”',
          },
        ],
      });
      expect(rubricScore(essay, [{ criterion: 1, level: 1 }])).toMatchObject({
        ok: false,
        issues: expect.arrayContaining([expect.objectContaining({ path: ['rubrics', 0, 'point'] })]),
      });
    });

    it('refuses unknown criteria and levels, a criterion chosen twice, and a criterion left out', () => {
      const result = rubricScore(essay, [
        { criterion: 0, level: 1 },
        { criterion: 0, level: 2 },
        { criterion: 7, level: 0 },
        { criterion: 2, level: 9 },
      ]);
      expect(result).toEqual({
        ok: false,
        issues: [
          { path: ['rubrics', 1, 'criterion'], detail: 'rubrics[1].criterion is chosen twice' },
          {
            path: ['rubrics', 2, 'criterion'],
            detail: 'rubrics[2].criterion is not a criterion of the rubric',
          },
          { path: ['rubrics', 3, 'level'], detail: 'rubrics[3].level is not a level of “Presentation”' },
          { path: ['rubrics'], detail: 'rubrics must rate “Code” (criterion 1)' },
        ],
      });
    });
  });

  describe('a group member’s score', () => {
    const shares = { lecturerPercentage: 70, studentPercentage: 30 };

    it('is the peers’ mean rating: (80 + 70) / 2 = 75', () => {
      expect(peerMean([80, 70])).toBe(75);
      expect(peerMean([80, 70, 75])).toBe(75);
      expect(peerMean([100, 50, 60])).toBe(70);
      expect(peerMean([66, 67, 67])).toBe(66.67);
      expect(peerMean([])).toBeNull();
    });

    it('is 70 % × 84 + 30 % × 75 = 81.3 with a group score of 84 and ratings 80 and 70', () => {
      expect(memberScore({ groupScore: 84, peerMean: peerMean([80, 70]), ...shares })).toBe(81.3);
    });

    it('is 70 % × 84 + 30 % × 100 = 88.8 for a member rated Strongly Agree throughout', () => {
      expect(memberScore({ groupScore: 84, peerMean: 100, ...shares })).toBe(88.8);
    });

    it('is null while the group is not scored', () => {
      expect(memberScore({ groupScore: null, peerMean: 75, ...shares })).toBeNull();
    });

    it('is the group score for a member nobody rated', () => {
      expect(memberScore({ groupScore: 84, peerMean: null, ...shares })).toBe(84);
    });

    it('is the group score when the task has no peer assessment', () => {
      expect(
        memberScore({ groupScore: 84, peerMean: 40, lecturerPercentage: null, studentPercentage: null }),
      ).toBe(84);
      expect(
        memberScore({ groupScore: 84, peerMean: 40, lecturerPercentage: 100, studentPercentage: null }),
      ).toBe(84);
    });

    it('is the peers’ mean alone when the lecturer’s share is 0', () => {
      expect(
        memberScore({ groupScore: 84, peerMean: 62.5, lecturerPercentage: 0, studentPercentage: 100 }),
      ).toBe(62.5);
    });
  });

  it('passes from the passing grade on', () => {
    expect(isPassed(60, 60)).toBe(true);
    expect(isPassed(59.99, 60)).toBe(false);
    expect(isPassed(0, 0)).toBe(true);
    expect(isPassed(null, 60)).toBeNull();
  });

  it('rounds half away from zero to two decimals', () => {
    expect(round2(81.305)).toBe(81.31);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(66.665)).toBe(66.67);
  });
});
