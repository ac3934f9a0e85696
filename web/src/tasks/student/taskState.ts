import { parseDate } from '../../lib/dates';
import type { MyAnswer, Rubric, RubricChoice, RubricCriterion, Task, TaskAnswer } from '../taskTypes';

/**
 * Where a student stands with a task (spec 02 §4): nothing written yet, a draft, sent (on time or
 * late), sent back by the lecturer with a change request, or scored (only when the task shows
 * scores — the server leaves the score out otherwise).
 */
export type StudentAnswerState = 'not_started' | 'draft' | 'changes_requested' | 'sent' | 'late' | 'scored';

type AnswerLike = Pick<TaskAnswer, 'is_sent' | 'is_late'> &
  Partial<Pick<TaskAnswer, 'comment' | 'score' | 'sent_at'>>;

export function answerState(answer: AnswerLike | MyAnswer | null | undefined): StudentAnswerState {
  if (!answer) return 'not_started';
  if (answer.score !== null && answer.score !== undefined) return 'scored';
  if (answer.is_sent) return answer.is_late ? 'late' : 'sent';
  const comment = 'comment' in answer ? answer.comment : null;
  return comment && comment.trim() ? 'changes_requested' : 'draft';
}

/**
 * A date of the service (its wall clock, `YYYY-MM-DD HH:mm:ss`, or ISO) as a time comparable with
 * `useNow()`'s campus clock; NaN when missing.
 */
export function timeOf(value: string | null | undefined): number {
  return parseDate(value)?.getTime() ?? NaN;
}

/** The task's window at `now`: not open yet, open, past its end but still taking late answers, or closed. */
export type WindowState = 'upcoming' | 'open' | 'late' | 'closed';

export function windowState(
  task: Pick<Task, 'start_at' | 'end_at' | 'is_lateable'>,
  now: number,
): WindowState {
  const start = timeOf(task.start_at);
  const end = timeOf(task.end_at);
  if (!Number.isNaN(start) && now < start) return 'upcoming';
  if (!Number.isNaN(end) && now >= end) return task.is_lateable ? 'late' : 'closed';
  return 'open';
}

/** Whether the student may change the answer now: not sent, and the task still takes answers. */
export function mayEdit(
  task: Pick<Task, 'start_at' | 'end_at' | 'is_lateable'>,
  answer: Pick<TaskAnswer, 'is_sent'> | null | undefined,
  now: number,
): boolean {
  const window = windowState(task, now);
  return !answer?.is_sent && (window === 'open' || window === 'late');
}

/** Milliseconds until the task ends (0 once ended), or null without an end. */
export function msUntilEnd(task: Pick<Task, 'end_at'>, now: number): number | null {
  const end = timeOf(task.end_at);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/** A duration as days, hours, minutes and seconds, the larger units only when not zero. */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The student's homepage list (spec 02 §6): tasks not sent and not past their end, soonest end first. */
export function homepageTasks(tasks: Task[], now: number): Task[] {
  return tasks
    .filter((task) => !task.meta?.my_answer?.is_sent && windowState(task, now) !== 'closed')
    .filter((task) => Number.isNaN(timeOf(task.end_at)) || timeOf(task.end_at) > now)
    .sort((a, b) => endKey(a) - endKey(b));
}

const endKey = (task: Task) => {
  const end = timeOf(task.end_at);
  return Number.isNaN(end) ? Number.POSITIVE_INFINITY : end;
};

/** The points a choice gives: the value typed for a range level, else the level's point. */
function pointOf(criterion: RubricCriterion, choice: RubricChoice): number {
  return choice.point ?? criterion.levels[choice.level]?.point ?? 0;
}

/** The rubric's levels a scorer (or a peer) chose, by criterion, for showing them. */
export function chosenLevels(
  rubric: Rubric | null | undefined,
  choices: RubricChoice[] | null | undefined,
): Array<{ criterion: string; weight: number; level: string | null; point: number | null }> {
  if (!rubric) return [];
  return rubric.criteria.map((criterion, index) => {
    const choice = choices?.find((item) => item.criterion === index);
    const level = choice ? criterion.levels[choice.level] : undefined;
    return {
      criterion: criterion.name,
      weight: criterion.weight,
      level: level?.name ?? null,
      point: choice ? pointOf(criterion, choice) : null,
    };
  });
}

/** The score a set of choices gives on a rubric: Σ weight × point / 100, null until every criterion is rated. */
export function rubricScore(rubric: Rubric, choices: Array<RubricChoice | undefined>): number | null {
  let sum = 0;
  for (const [index, criterion] of rubric.criteria.entries()) {
    const choice = choices.find((item) => item?.criterion === index);
    if (!choice) return null;
    sum += (criterion.weight * pointOf(criterion, choice)) / 100;
  }
  return Math.round(sum * 100) / 100;
}
