/**
 * Rules of an attempt that need no database: the window a student may start in (with their
 * override), an attempt's deadline, the package and question order a student gets (from a seed
 * of exam, student and attempt, so a resume or a retried start gives the same), and the shape of
 * an answer per question type.
 */
import { type Random, readNumber, seededRandom } from './dataset';
import { CHOICE_TYPES, type QuestionType } from './question-rules';

/** The window a student may start in: the exam's, or their override where one is set. */
export interface Window {
  startAt: Date | null;
  endAt: Date | null;
}

export function effectiveWindow(
  exam: Window,
  override: { overrideStartAt: Date | null; overrideEndAt: Date | null } | null,
): Window {
  return {
    startAt: override?.overrideStartAt ?? exam.startAt,
    endAt: override?.overrideEndAt ?? exam.endAt,
  };
}

/**
 * An attempt's deadline: the earlier of the window's end and start + duration (minutes) when the
 * exam is timed; null when there is neither.
 */
export function attemptDeadline(startAt: Date, windowEnd: Date | null, durationMinutes: number | null) {
  const byDuration =
    durationMinutes !== null && durationMinutes > 0 ? startAt.getTime() + durationMinutes * 60_000 : null;
  const candidates = [windowEnd?.getTime() ?? null, byDuration].filter(
    (time): time is number => time !== null,
  );
  return candidates.length === 0 ? null : new Date(Math.min(...candidates));
}

/** A 32-bit seed from the parts (FNV-1a over their decimal text). */
export function seedOf(...parts: Array<number | string>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join(':')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The seeded random source of one attempt: the same exam, student and attempt give the same draws. */
export function attemptRandom(examId: number, studentId: number, attempt: number): Random {
  return seededRandom(seedOf('attempt', examId, studentId, attempt));
}

/** A copy of `items` in a random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** One of `choices`, uniformly; undefined when there is none. */
export function pick<T>(choices: readonly T[], random: Random): T | undefined {
  return choices.length === 0 ? undefined : choices[Math.floor(random() * choices.length)];
}

/** The longest answer text (an essay) a save may carry, in characters. */
export const MAX_ANSWER_TEXT = 200_000;
/** The longest typed number (exact and parameterized answers). */
export const MAX_ANSWER_VALUE = 100;

/** An answer as stored: the option indexes picked, a typed value, or an essay's text. */
export type StoredAnswer = { answer_index: number[] } | { value: string } | { text: string };

/** Where an answer is wrong (a path below `answer`) and why. */
export interface AnswerIssue {
  path: Array<string | number>;
  detail: string;
}

/**
 * The answer of a question of `type` whose options have the indexes `optionIndexes`, in its
 * stored shape (choices sorted, without repeats), or what is wrong with it. `sanitize` cleans an
 * essay's HTML. null clears the answer.
 */
export function readAnswer(
  type: QuestionType,
  optionIndexes: readonly number[],
  answer: unknown,
  sanitize: (html: string) => string,
): { answer: StoredAnswer | null } | { issue: AnswerIssue } {
  if (answer === null) return { answer: null };
  if (typeof answer !== 'object' || Array.isArray(answer))
    return { issue: { path: [], detail: `answer must be an object: ${shapeOf(type)}, or null to clear it` } };
  const record = answer as Record<string, unknown>;
  const key = CHOICE_TYPES.includes(type) ? 'answer_index' : type === 'essay' ? 'text' : 'value';
  const extra = Object.keys(record).find((name) => name !== key);
  if (extra !== undefined)
    return { issue: { path: [extra], detail: `answer of a ${type} question is ${shapeOf(type)}` } };
  const given = record[key];
  if (given === undefined) return { issue: { path: [key], detail: `${key} is required` } };
  if (key === 'answer_index') {
    const list = typeof given === 'number' ? [given] : given;
    if (!Array.isArray(list) || list.some((item) => !Number.isInteger(item)))
      return { issue: { path: [key], detail: 'answer_index must be a list of option indexes' } };
    const picked = [...new Set(list as number[])].sort((a, b) => a - b);
    const unknown = picked.find((index) => !optionIndexes.includes(index));
    if (unknown !== undefined)
      return {
        issue: {
          path: [key, (list as number[]).indexOf(unknown)],
          detail: `the question has no option ${unknown} (options: ${optionIndexes.join(', ')})`,
        },
      };
    if (type !== 'multiple_answers' && picked.length > 1)
      return { issue: { path: [key], detail: `a ${type} question takes one option` } };
    return { answer: { answer_index: picked } };
  }
  if (typeof given !== 'string') return { issue: { path: [key], detail: `${key} must be a string` } };
  if (key === 'text') {
    if (given.length > MAX_ANSWER_TEXT)
      return { issue: { path: [key], detail: `text must be at most ${MAX_ANSWER_TEXT} characters` } };
    return { answer: { text: sanitize(given) } };
  }
  if (given.length > MAX_ANSWER_VALUE)
    return { issue: { path: [key], detail: `value must be at most ${MAX_ANSWER_VALUE} characters` } };
  if (given.trim() !== '' && type !== 'exact' && readNumber(given) === undefined)
    return { issue: { path: [key], detail: 'value must be a number (3.5, 3,5, -2, 1e3)' } };
  return { answer: { value: given } };
}

/** Whether a stored answer says anything (a choice picked, a value or a text typed). */
export function isAnswered(answer: StoredAnswer | null | undefined): boolean {
  if (!answer) return false;
  if ('answer_index' in answer) return answer.answer_index.length > 0;
  if ('value' in answer) return answer.value.trim() !== '';
  return answer.text.replace(/<[^>]*>/g, '').trim() !== '' || /<img\b/i.test(answer.text);
}

function shapeOf(type: QuestionType): string {
  if (type === 'multiple_answers') return '{"answer_index": [the options\' index, …]}';
  if (CHOICE_TYPES.includes(type)) return '{"answer_index": [the option\'s index]}';
  if (type === 'essay') return '{"text": "<p>…</p>"}';
  return '{"value": "12.5"}';
}
