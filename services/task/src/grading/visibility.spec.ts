import { scoresVisible, withVisibleGrading } from './visibility';

describe('score visibility', () => {
  it('shows scores to staff always and to students only with show_score', () => {
    expect(scoresVisible({ showScore: false }, true)).toBe(true);
    expect(scoresVisible({ showScore: false }, false)).toBe(false);
    expect(scoresVisible({ showScore: true }, false)).toBe(true);
  });

  it('withholds score, rubric levels and who scored when, and nothing else', () => {
    const answer = {
      id: 7,
      answer: 'text',
      score: 81.3,
      rubrics: [{ criterion: 0, level: 1, point: 80 }],
      scoredAt: new Date(),
      scoredBy: 3,
    };
    expect(withVisibleGrading(answer, false)).toEqual({
      id: 7,
      answer: 'text',
      score: null,
      rubrics: null,
      scoredAt: null,
      scoredBy: null,
    });
    expect(answer.score).toBe(81.3);
    expect(withVisibleGrading(answer, true)).toBe(answer);
    expect(withVisibleGrading({ id: 1, score: 50 }, false)).toEqual({ id: 1, score: null });
  });
});
