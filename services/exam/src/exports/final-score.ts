import { finalScore, type FinalScoreType, isPassed } from '../domain/scoring';
import type { AttemptResult } from './results-workbook';

/** A student's standing in an exam as the results export shows it. */
export interface CountedAttempt {
  /** The final score across attempts (`final_score_type`); null until an attempt is fully graded. */
  score: number | null;
  passed: boolean | null;
  /** The attempt whose per-question scores stand for the student: the one the final score takes
   * (highest, latest), the latest for an average. */
  shown: AttemptResult | null;
}

/**
 * The final score of a student from their attempts: only fully graded attempts count (a result
 * — pass or not — is known: no essay waits for a grader), by the grading rules of domain/scoring.
 */
export function countedAttempt(
  attempts: readonly AttemptResult[],
  type: FinalScoreType,
  passingGrade: number,
): CountedAttempt {
  const graded = attempts.filter((attempt) => attempt.score !== null && attempt.passed !== null);
  const score = finalScore(
    graded.map((attempt) => ({
      attempt: attempt.attempt,
      score: attempt.score as number,
      finished_at: attempt.finishedAt === null ? null : new Date(attempt.finishedAt.replace(' ', 'T')),
    })),
    type,
  );
  if (score === null) return { score: null, passed: null, shown: null };
  const byLatest = [...graded].sort(
    (a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? '') || b.attempt - a.attempt,
  );
  const shown =
    type === 'highest' ? (graded.find((attempt) => attempt.score === score) ?? null) : (byLatest[0] ?? null);
  return { score, passed: isPassed(score, passingGrade), shown };
}
