/**
 * The arithmetic of task grading (docs/task-scoring.md has the worked numbers): a typed score,
 * a rubric's score (libs/rubrics), the peers' mean rating of a group member, a member's score from the group's
 * score and that mean, and pass or fail. Pure functions: the services read and write the rows.
 */
import { round2, type Scored } from '@lms/rubrics';

/** The rubric's arithmetic is shared with forms (libs/rubrics); the task service reads it from here. */
export { isRangeLevel, round2, rubricScore } from '@lms/rubrics';
export type { RubricRating as RubricInput, Scored, ScoringIssue } from '@lms/rubrics';

/** Scores are 0–100 and kept with two decimals (numeric(6,2) columns). */
export const MAX_TASK_SCORE = 100;

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
