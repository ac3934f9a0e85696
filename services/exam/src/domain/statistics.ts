/**
 * The formulas of exam statistics (classical test theory), as pure functions. The statistics
 * endpoints compute them with SQL aggregates over the whole exam; `difficulty` and
 * `discrimination` state the rules those queries follow, and the grading integration test checks
 * the queries' figures against them:
 *
 * - Score distribution: 10 bins of width 10 over 0–100, the last one closed ([90, 100]).
 * - A question's difficulty (p-value): its mean score over the attempts that had it, from 0 to 1
 *   (1: everyone got it right).
 * - Its discrimination index: p of the upper group minus p of the lower group, the groups being
 *   the 27 % of attempts with the highest and the lowest attempt scores (at least one attempt
 *   each; ties broken by the attempt's id so the groups are stable), from −1 to 1.
 */

/** Width of a score bin, and their number (0–100). */
export const BIN_WIDTH = 10;
export const BIN_COUNT = 100 / BIN_WIDTH;
/** Share of attempts in the upper and in the lower group of the discrimination index. */
export const GROUP_SHARE = 0.27;

/** The bins' bounds and labels: `0–10`, …, `90–100`. */
export function bins(): Array<{ bin: number; from: number; to: number; label: string }> {
  return Array.from({ length: BIN_COUNT }, (_, bin) => ({
    bin,
    from: bin * BIN_WIDTH,
    to: (bin + 1) * BIN_WIDTH,
    label: `${bin * BIN_WIDTH}–${(bin + 1) * BIN_WIDTH}`,
  }));
}

/** The number of attempts in each of the upper and lower groups among `n`: 27 % rounded, at least 1. */
export function groupSize(n: number): number {
  if (n <= 0) return 0;
  return Math.max(1, Math.round(n * GROUP_SHARE));
}

/** One attempt's result on a question: its score (0–100) and the attempt's total score. */
export interface ItemResult {
  attemptId: number;
  attemptScore: number;
  questionScore: number;
}

/** p-value of a question: mean question score / 100; null without attempts. */
export function difficulty(results: readonly ItemResult[]): number | null {
  if (!results.length) return null;
  return results.reduce((sum, result) => sum + result.questionScore, 0) / results.length / 100;
}

/** Discrimination index (upper 27 % p − lower 27 % p); null with fewer than 2 attempts. */
export function discrimination(results: readonly ItemResult[]): number | null {
  if (results.length < 2) return null;
  const sorted = [...results].sort((a, b) => b.attemptScore - a.attemptScore || a.attemptId - b.attemptId);
  const k = Math.min(groupSize(results.length), Math.floor(results.length / 2));
  const upper = difficulty(sorted.slice(0, k)) ?? 0;
  const lower = difficulty(sorted.slice(sorted.length - k)) ?? 0;
  return upper - lower;
}

/** How a lecturer reads a p-value: hard below 0.3, easy above 0.7. */
export function difficultyLevel(p: number | null): 'hard' | 'medium' | 'easy' | null {
  if (p === null) return null;
  return p < 0.3 ? 'hard' : p > 0.7 ? 'easy' : 'medium';
}

/** How a lecturer reads a discrimination index (Ebel): ≥ 0.4 very good … < 0.2 poor (revise). */
export function discriminationLevel(d: number | null): 'very_good' | 'good' | 'fair' | 'poor' | null {
  if (d === null) return null;
  if (d >= 0.4) return 'very_good';
  if (d >= 0.3) return 'good';
  if (d >= 0.2) return 'fair';
  return 'poor';
}
