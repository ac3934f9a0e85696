import type { Rubric, RubricChoice, RubricLevel } from './rubric';

/** A problem with a scorer's input: what is wrong, and where (a path under the attributes). */
export interface ScoringIssue {
  path: Array<string | number>;
  detail: string;
}

export type Scored<T> = { ok: true; value: T } | { ok: false; issues: ScoringIssue[] };

/** Rounded to two decimals, half away from zero (as PostgreSQL's `round(numeric, 2)`). */
export function round2(value: number): number {
  // ×100 read back at 9 significant decimals first, so that 1.005 (1.00499999… in binary) rounds up
  const cents = Math.round(Number((Math.abs(value) * 100).toFixed(9)));
  return (Math.sign(value) * cents) / 100 || 0;
}

/** What a scorer sends for one criterion: its index, the level's index, the typed value of a range level. */
export interface RubricRating {
  criterion: number;
  level: number;
  point?: number | string | null;
}

/** Whether a level takes a typed value within `point_min..point_max` (both 0: its fixed `point`). */
export function isRangeLevel(level: RubricLevel): boolean {
  return !(Number(level.point_min) === 0 && Number(level.point_max) === 0);
}

/**
 * Scores ratings on a rubric: one per criterion (indices from 0, in any order); a fixed level
 * gives its `point` (a `point` sent with it is ignored), a range level the typed `point` within
 * its bounds. The score is Σ weight × point / Σ weight (Σ weight × point / 100 for a rubric whose
 * weights sum to 100), rounded to two decimals. The choices come back sorted by criterion, each
 * with the point it gave. Issues point under `at` (`rubrics`: `rubrics/0/level`).
 */
export function rubricScore(
  rubric: Rubric,
  input: readonly RubricRating[],
  at = 'rubrics',
): Scored<{ score: number; choices: RubricChoice[] }> {
  const issues: ScoringIssue[] = [];
  const criteria = rubric.criteria;
  const byCriterion = new Map<number, RubricChoice>();
  input.forEach((choice, n) => {
    const criterion = criteria[choice.criterion];
    if (!Number.isInteger(choice.criterion) || !criterion) {
      issues.push({
        path: [at, n, 'criterion'],
        detail: `${at}[${n}].criterion is not a criterion of the rubric`,
      });
      return;
    }
    if (byCriterion.has(choice.criterion)) {
      issues.push({ path: [at, n, 'criterion'], detail: `${at}[${n}].criterion is chosen twice` });
      return;
    }
    const level = criterion.levels[choice.level];
    if (!Number.isInteger(choice.level) || !level) {
      issues.push({
        path: [at, n, 'level'],
        detail: `${at}[${n}].level is not a level of “${criterion.name}”`,
      });
      return;
    }
    let point = Number(level.point);
    if (isRangeLevel(level)) {
      const min = Number(level.point_min);
      const max = Number(level.point_max);
      const typed =
        choice.point === undefined || choice.point === null || choice.point === ''
          ? NaN
          : Number(choice.point);
      if (!Number.isFinite(typed) || typed < min || typed > max) {
        issues.push({
          path: [at, n, 'point'],
          detail: `${at}[${n}].point must be a number from ${min} to ${max} for “${level.name}”`,
        });
        return;
      }
      point = round2(typed);
    }
    byCriterion.set(choice.criterion, { criterion: choice.criterion, level: choice.level, point });
  });
  criteria.forEach((criterion, index) => {
    if (!byCriterion.has(index) && !input.some((choice) => choice.criterion === index))
      issues.push({ path: [at], detail: `${at} must rate “${criterion.name}” (criterion ${index})` });
  });
  if (issues.length) return { ok: false, issues };
  const choices = [...byCriterion.values()].sort((a, b) => a.criterion - b.criterion);
  const totalWeight = criteria.reduce((sum, criterion) => sum + Number(criterion.weight), 0);
  if (totalWeight <= 0)
    return { ok: false, issues: [{ path: [at], detail: 'the rubric has no weights to score with' }] };
  const weighted = choices.reduce(
    (sum, choice) => sum + Number(criteria[choice.criterion].weight) * choice.point,
    0,
  );
  return { ok: true, value: { score: round2(weighted / totalWeight), choices } };
}
