/**
 * Scoring of a student's answers (spec 02 §3–§5, issue 13). Pure functions: the grading service
 * reads the questions, options, bound dataset items and answers and calls these.
 *
 * The rules, stated once (docs/architecture.md "Grading" repeats them):
 *
 * - Every question is scored as a credit from 0 to 1, kept as a score from 0 to 100 with 2
 *   decimals (`student_questions.score`). An attempt's score is the weighted mean of its questions'
 *   scores: Σ(score × weight) / Σ weight, from 0 to 100, rounded to 2 decimals. An unanswered
 *   question scores 0.
 * - multiple_choices, true_false, parameterized_multiple_choices: the chosen option's point over
 *   the question's highest point (the correct option gives 1; a lecturer may give another option
 *   part of the point). Choosing several options, or an option the question does not have, gives 0.
 * - multiple_answers (partial credit): the points of the chosen correct options over the points
 *   of all correct options, minus the share of the wrong options chosen (each wrong option chosen
 *   takes away 1 / the number of wrong options), clamped to [0, 1]. Choosing every option gives 0;
 *   choosing all correct ones and no wrong one gives 1.
 * - exact: each option is an accepted answer. A numeric accepted answer matches a typed number
 *   (`3,5` reads as 3.5) when both rounded to the option's decimal places differ by at most its
 *   tolerance; a text accepted answer matches when equal after trimming, collapsing runs of
 *   white space and ignoring case (Unicode NFKC, locale-independent lower case).
 * - parameterized: each option's formula is computed with the dataset item bound to the student's
 *   question, rounded to the option's decimal places, and matched like a numeric exact answer.
 * - For exact and parameterized, the best matching option counts: its point over the highest
 *   point when the options carry points, full credit when none does (the editor gives them none).
 * - essay: scored by hand (0 to 100, `PATCH /v2/exam/gradeEssay`); until then the question is
 *   pending, counts 0 in the attempt's score, and the attempt has no pass/fail yet. An essay left
 *   empty scores 0 without a grader.
 * - Final score across attempts by `final_score_type`: highest, latest (the last attempt
 *   finished) or average; passed when the score is at least the passing grade.
 */
import { isAnswered, type StoredAnswer } from './attempt';
import { type DatasetValues, matchesNumber, readNumber, roundTo } from './dataset';
import { FormulaError, parseFormula } from './formula';
import { isNumericAnswer, type QuestionType } from './question-rules';

/** What scoring needs of an answer option. */
export interface ScoringOption {
  /** The option's `index` (from 1), which a choice answer names. */
  index: number;
  point: number;
  exact_answer: string | null;
  tolerance: number;
  decimal_place: number;
  formula: string | null;
}

/** What scoring needs of a question. */
export interface ScoringQuestion {
  type: QuestionType;
  options: readonly ScoringOption[];
}

/** A stored answer (`student_answers.answer`): the shapes of contract.md, anything else scores 0. */
export type StudentAnswer = unknown;

export type QuestionScore =
  /** Scored: `score` from 0 to 100. */
  | { status: 'scored'; score: number }
  /** An essay waiting for its grader. */
  | { status: 'pending' };

/** The largest score a question can get, and a graded essay's upper bound. */
export const MAX_QUESTION_SCORE = 100;

/** The option indexes a choice answer names (`{"answer_index": [2]}`); a bare number is one index. */
export function chosenIndexes(answer: StudentAnswer): number[] {
  if (answer === null || typeof answer !== 'object') return [];
  const value = (answer as { answer_index?: unknown }).answer_index;
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const indexes = list.map((item) => (typeof item === 'string' ? Number(item) : item));
  return [...new Set(indexes.filter((item): item is number => Number.isInteger(item)))];
}

/** The typed value of an exact or parameterized answer (`{"value": "12.5"}`), trimmed; '' when none. */
export function typedValue(answer: StudentAnswer): string {
  if (answer === null || typeof answer !== 'object') return '';
  const value = (answer as { value?: unknown }).value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** Text as compared for a text exact answer: NFKC, trimmed, runs of white space as one, lower case. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

const credit = (fraction: number) => roundTo(Math.min(1, Math.max(0, fraction)) * MAX_QUESTION_SCORE, 2);

function highestPoint(options: readonly ScoringOption[]): number {
  return options.reduce((max, option) => Math.max(max, option.point), 0);
}

function singleChoice(question: ScoringQuestion, answer: StudentAnswer): number {
  const chosen = chosenIndexes(answer);
  if (chosen.length !== 1) return 0;
  const option = question.options.find((candidate) => candidate.index === chosen[0]);
  const max = highestPoint(question.options);
  if (!option || max <= 0) return 0;
  return option.point / max;
}

function multipleAnswers(question: ScoringQuestion, answer: StudentAnswer): number {
  const chosen = new Set(chosenIndexes(answer));
  const correct = question.options.filter((option) => option.point > 0);
  const wrong = question.options.filter((option) => option.point <= 0);
  const total = correct.reduce((sum, option) => sum + option.point, 0);
  if (total <= 0) return 0;
  const gained = correct.filter((option) => chosen.has(option.index)).reduce((sum, o) => sum + o.point, 0);
  const wrongChosen = wrong.filter((option) => chosen.has(option.index)).length;
  return gained / total - (wrong.length ? wrongChosen / wrong.length : 0);
}

/** The credit of the best matching option, given whether each option matches. */
function bestMatch(options: readonly ScoringOption[], matches: (option: ScoringOption) => boolean): number {
  const max = highestPoint(options);
  let best = 0;
  for (const option of options) {
    if (!matches(option)) continue;
    best = Math.max(best, max > 0 ? option.point / max : 1);
  }
  return best;
}

function exact(question: ScoringQuestion, answer: StudentAnswer): number {
  const typed = typedValue(answer);
  if (!typed) return 0;
  const number = readNumber(typed);
  return bestMatch(question.options, (option) => {
    const accepted = option.exact_answer?.trim();
    if (!accepted) return false;
    if (isNumericAnswer(accepted))
      return (
        number !== undefined &&
        matchesNumber(number, Number(accepted), option.tolerance, option.decimal_place)
      );
    return normalizeText(typed) === normalizeText(accepted);
  });
}

/**
 * The expected value of a parameterized option for the bound item, rounded to its decimals;
 * undefined when the option has no formula or the formula cannot be computed for these values.
 */
export function expectedValue(
  option: ScoringOption,
  values: Readonly<DatasetValues> | null,
): number | undefined {
  if (!option.formula?.trim() || !values) return undefined;
  try {
    return roundTo(parseFormula(option.formula, Object.keys(values)).evaluate(values), option.decimal_place);
  } catch (error) {
    if (error instanceof FormulaError) return undefined;
    throw error;
  }
}

function parameterized(
  question: ScoringQuestion,
  answer: StudentAnswer,
  values: Readonly<DatasetValues> | null,
): number {
  const number = readNumber(typedValue(answer));
  if (number === undefined) return 0;
  return bestMatch(question.options, (option) => {
    const expected = expectedValue(option, values);
    return expected !== undefined && matchesNumber(number, expected, option.tolerance, option.decimal_place);
  });
}

/**
 * The score of one answer. `values` is the dataset item bound to the student's question
 * (parameterized types), null otherwise.
 */
export function scoreQuestion(
  question: ScoringQuestion,
  answer: StudentAnswer,
  values: Readonly<DatasetValues> | null = null,
): QuestionScore {
  switch (question.type) {
    case 'essay':
      // nothing written: nothing to grade
      return isAnswered(answer as StoredAnswer | null)
        ? { status: 'pending' }
        : { status: 'scored', score: 0 };
    case 'multiple_choices':
    case 'true_false':
    case 'parameterized_multiple_choices':
      return { status: 'scored', score: credit(singleChoice(question, answer)) };
    case 'multiple_answers':
      return { status: 'scored', score: credit(multipleAnswers(question, answer)) };
    case 'exact':
      return { status: 'scored', score: credit(exact(question, answer)) };
    case 'parameterized':
      return { status: 'scored', score: credit(parameterized(question, answer, values)) };
    default:
      return { status: 'scored', score: 0 };
  }
}

/** One question of an attempt as the attempt's score sees it: its score (null: pending) and weight. */
export interface WeightedScore {
  score: number | null;
  weight: number;
}

export interface AttemptScore {
  /** 0–100, 2 decimals; pending questions count 0. */
  score: number;
  /** Questions still waiting for a grader (essays). */
  pending: number;
}

/** The attempt's score: the weighted mean of its questions' scores. */
export function attemptScore(questions: readonly WeightedScore[]): AttemptScore {
  let weights = 0;
  let sum = 0;
  let pending = 0;
  for (const question of questions) {
    const weight = Number.isFinite(question.weight) && question.weight > 0 ? question.weight : 0;
    weights += weight;
    if (question.score === null) pending += 1;
    else sum += Math.min(MAX_QUESTION_SCORE, Math.max(0, question.score)) * weight;
  }
  return { score: weights > 0 ? roundTo(sum / weights, 2) : 0, pending };
}

/** Whether a score passes: at least the passing grade (a grade of 0 passes everyone). */
export function isPassed(score: number, passingGrade: number): boolean {
  return roundTo(score, 2) >= roundTo(passingGrade, 2);
}

export type FinalScoreType = 'highest' | 'latest' | 'average';

/** A scored attempt as the final score sees it. */
export interface ScoredAttempt {
  attempt: number;
  score: number;
  finished_at: Date | null;
}

/**
 * The exam's score for a student from their scored attempts: the highest, the latest (last
 * finished; the higher attempt number when unknown) or the average (2 decimals); null without any.
 */
export function finalScore(attempts: readonly ScoredAttempt[], type: FinalScoreType): number | null {
  if (!attempts.length) return null;
  switch (type) {
    case 'latest': {
      const time = (attempt: ScoredAttempt) => attempt.finished_at?.getTime() ?? -Infinity;
      const latest = [...attempts].sort((a, b) => time(b) - time(a) || b.attempt - a.attempt)[0];
      return latest.score;
    }
    case 'average':
      return roundTo(attempts.reduce((sum, attempt) => sum + attempt.score, 0) / attempts.length, 2);
    default:
      return Math.max(...attempts.map((attempt) => attempt.score));
  }
}
