/**
 * The arithmetic of task grading (docs/task-scoring.md has the worked numbers): a typed score,
 * a rubric's score, the peers' mean rating of a group member, a member's score from the group's
 * score and that mean, and pass or fail. Pure functions: the services read and write the rows.
 */
import type { Rubric, RubricChoice, RubricLevel } from '../rubrics/rubric';

/** Scores are 0–100 and kept with two decimals (numeric(6,2) columns). */
export const MAX_TASK_SCORE = 100;

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

const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A score as lecturers send it (spec 02 §5: "sent as a string, defaulting to 0"): a number or a
 * numeric string 0–100; missing, null or "" (blank) is 0. Anything else is refused.
 */
export function parseScore(input: unknown): Scored<number> {
  if (input === undefined || input === null) return { ok: true, value: 0 };
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string') {
    if (input.trim() === '') return { ok: true, value: 0 };
    if (!NUMERIC.test(input)) return fail(['score'], 'score must be a number from 0 to 100');
    value = Number(input);
  } else return fail(['score'], 'score must be a number from 0 to 100');
  if (!Number.isFinite(value) || value < 0 || value > MAX_TASK_SCORE)
    return fail(['score'], 'score must be a number from 0 to 100');
  return { ok: true, value: round2(value) };
}

/** What a scorer sends for one criterion: its index, the level's index, the typed value of a range level. */
export interface RubricInput {
  criterion: number;
  level: number;
  point?: number | string | null;
}

/** Whether a level takes a typed value within `point_min..point_max` (both 0: its fixed `point`). */
export function isRangeLevel(level: RubricLevel): boolean {
  return !(Number(level.point_min) === 0 && Number(level.point_max) === 0);
}

/**
 * Scores choices on a rubric: one choice per criterion (indices from 0, in any order); a fixed
 * level gives its `point` (a `point` sent with it is ignored), a range level the typed `point`
 * within its bounds. The score is Σ weight × point / Σ weight — Σ weight × point / 100 for the
 * rubric the task editor accepts, whose weights sum to 100 — rounded to two decimals. The
 * choices come back normalised (sorted by criterion, each with the point it gave).
 */
export function rubricScore(
  rubric: Rubric,
  input: readonly RubricInput[],
): Scored<{ score: number; choices: RubricChoice[] }> {
  const issues: ScoringIssue[] = [];
  const criteria = rubric.criteria;
  const byCriterion = new Map<number, RubricChoice>();
  input.forEach((choice, n) => {
    const criterion = criteria[choice.criterion];
    if (!Number.isInteger(choice.criterion) || !criterion) {
      issues.push({
        path: ['rubrics', n, 'criterion'],
        detail: `rubrics[${n}].criterion is not a criterion of the rubric`,
      });
      return;
    }
    if (byCriterion.has(choice.criterion)) {
      issues.push({ path: ['rubrics', n, 'criterion'], detail: `rubrics[${n}].criterion is chosen twice` });
      return;
    }
    const level = criterion.levels[choice.level];
    if (!Number.isInteger(choice.level) || !level) {
      issues.push({
        path: ['rubrics', n, 'level'],
        detail: `rubrics[${n}].level is not a level of “${criterion.name}”`,
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
          path: ['rubrics', n, 'point'],
          detail: `rubrics[${n}].point must be a number from ${min} to ${max} for “${level.name}”`,
        });
        return;
      }
      point = round2(typed);
    }
    byCriterion.set(choice.criterion, { criterion: choice.criterion, level: choice.level, point });
  });
  criteria.forEach((criterion, index) => {
    if (!byCriterion.has(index) && !input.some((choice) => choice.criterion === index))
      issues.push({
        path: ['rubrics'],
        detail: `rubrics must rate “${criterion.name}” (criterion ${index})`,
      });
  });
  if (issues.length) return { ok: false, issues };
  const choices = [...byCriterion.values()].sort((a, b) => a.criterion - b.criterion);
  const totalWeight = criteria.reduce((sum, criterion) => sum + Number(criterion.weight), 0);
  if (totalWeight <= 0) return fail(['rubrics'], 'the rubric has no weights to score with');
  const weighted = choices.reduce(
    (sum, choice) => sum + Number(criteria[choice.criterion].weight) * choice.point,
    0,
  );
  return { ok: true, value: { score: round2(weighted / totalWeight), choices } };
}

/** The mean of the ratings a group member received from the others (null: none yet). */
export function peerMean(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return round2(ratings.reduce((sum, rating) => sum + Number(rating), 0) / ratings.length);
}

/** What a group member's score is made of. */
export interface MemberScoreInput {
  /** The lecturer's score of the group's answer (null: not scored yet). */
  groupScore: number | null;
  /** The mean rating the member received from the group's other members (null: nobody rated them). */
  peerMean: number | null;
  /** The task's shares, in percent (null: the task has no peer assessment). */
  lecturerPercentage: number | null;
  studentPercentage: number | null;
}

/**
 * A group member's score:
 * - the group is not scored yet → null;
 * - the task has no peer assessment (either percentage unset) → the group's score;
 * - the member was rated → lecturer_percentage % × group score + student_percentage % × mean rating;
 * - nobody rated the member (yet) → the group's score: a member is neither rewarded nor
 *   punished for ratings that were never given, and the gradebook does not wait on them.
 * Rounded to two decimals.
 */
export function memberScore(input: MemberScoreInput): number | null {
  const { groupScore, lecturerPercentage, studentPercentage } = input;
  if (groupScore === null) return null;
  if (lecturerPercentage === null || studentPercentage === null) return round2(groupScore);
  if (input.peerMean === null) return round2(groupScore);
  const total = lecturerPercentage + studentPercentage;
  if (total <= 0) return round2(groupScore);
  return round2((lecturerPercentage * groupScore + studentPercentage * input.peerMean) / total);
}

/** Passed when the score reaches the task's passing grade; null while not scored. */
export function isPassed(score: number | null, passingGrade: number): boolean | null {
  if (score === null) return null;
  return score >= passingGrade;
}

/** The 10-point bins of the statistics' histogram: [0,10), [10,20), … [90,100] (100 in the last). */
export const HISTOGRAM_BINS = 10;
export const BIN_WIDTH = MAX_TASK_SCORE / HISTOGRAM_BINS;

function fail<T>(path: Array<string | number>, detail: string): Scored<T> {
  return { ok: false, issues: [{ path, detail }] };
}
