import { parseDate } from '../../lib/dates';
import type { TaskAnswer } from '../taskTypes';

/**
 * The answer being typed, kept in this browser until the server has it: written at every change,
 * cleared once a save of the same text is acknowledged. A reload (or a lost connection) therefore
 * never loses what was typed — the page starts from whichever is newer, this copy or the server's.
 */
export interface LocalDraft {
  answer: string;
  /** When it was typed (ms since the epoch, this computer's clock). */
  at: number;
}

/** Whose answer: the caller's own to a task, or a group's. */
export type DraftScope = { taskId: string; groupId?: string };

const keyOf = ({ taskId, groupId }: DraftScope) =>
  groupId ? `lms.task.draft.group.${groupId}` : `lms.task.draft.task.${taskId}`;

export function readDraft(scope: DraftScope): LocalDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(scope));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    return typeof value.answer === 'string' && typeof value.at === 'number'
      ? { answer: value.answer, at: value.at }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(scope: DraftScope, answer: string, at: number): void {
  try {
    localStorage.setItem(keyOf(scope), JSON.stringify({ answer, at } satisfies LocalDraft));
  } catch {
    // storage full or refused: the server's copy is all there is
  }
}

/** Forgets the local copy once the server holds `saved` (a newer local text is kept). */
export function clearDraft(scope: DraftScope, saved: string): void {
  const local = readDraft(scope);
  if (local && local.answer === saved) localStorage.removeItem(keyOf(scope));
}

/**
 * The text the editor starts from: this browser's copy when it is newer than the server's answer
 * and differs from it (it still has to be saved), else the server's. A sent answer is what was
 * sent: a local copy cannot change it.
 */
export function startingText(
  server: Pick<TaskAnswer, 'answer' | 'updated_at' | 'is_sent'> | null,
  local: LocalDraft | null,
  /** The campus's wall clock (the service's dates) minus this computer's. */
  offset = 0,
): { text: string; unsaved: boolean } {
  const saved = server?.answer ?? '';
  if (!local || server?.is_sent || local.answer === saved) return { text: saved, unsaved: false };
  const serverAt = server
    ? (parseDate(server.updated_at)?.getTime() ?? NaN) - offset
    : Number.NEGATIVE_INFINITY;
  return local.at > (Number.isNaN(serverAt) ? Number.NEGATIVE_INFINITY : serverAt)
    ? { text: local.answer, unsaved: true }
    : { text: saved, unsaved: false };
}
