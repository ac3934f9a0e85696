import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, writeDraft, type DraftScope } from './draft';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * Saves the answer's text as a draft once typing pauses: every change is first kept in this
 * browser (draft.ts), then one save at a time goes to the server — a change made while a save is
 * under way is saved after it. `flush` saves at once (before sending, when leaving the page).
 * `lastText` is the text the server holds, so an unchanged text is not saved again.
 */
export function useAutosave({
  scope,
  initial,
  unsaved,
  save,
  delay = AUTOSAVE_DELAY_MS,
}: {
  scope: DraftScope;
  /** The text the editor starts from. */
  initial: string;
  /** Whether `initial` is a local copy the server does not hold yet. */
  unsaved: boolean;
  save: (text: string) => Promise<unknown>;
  delay?: number;
}) {
  const [status, setStatus] = useState<AutosaveStatus>(unsaved ? 'pending' : 'idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const latest = useRef(initial);
  const stored = useRef(unsaved ? null : initial);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  const scopeRef = useRef(scope);

  useEffect(() => {
    saveRef.current = save;
    scopeRef.current = scope;
  });

  /** Saves the latest text unless the server has it; true when it does afterwards. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // A change typed while a save runs is saved after it, until the server holds the latest text.
    for (;;) {
      while (running.current) await running.current;
      const text = latest.current;
      if (text === stored.current) {
        setStatus((current) => (current === 'idle' || current === 'failed' ? current : 'saved'));
        return true;
      }
      setStatus('saving');
      const saving = saveRef
        .current(text)
        .then(() => {
          stored.current = text;
          clearDraft(scopeRef.current, text);
          setSavedAt(new Date());
          return true;
        })
        .catch(() => false)
        .finally(() => {
          running.current = null;
        });
      running.current = saving;
      if (!(await saving)) {
        setStatus('failed');
        return false;
      }
    }
  }, []);

  const change = useCallback(
    (text: string) => {
      latest.current = text;
      writeDraft(scopeRef.current, text, Date.now());
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (text === stored.current) {
        setStatus((current) => (current === 'pending' ? 'saved' : current));
        return;
      }
      setStatus('pending');
      timer.current = setTimeout(() => void flush(), delay);
    },
    [delay, flush],
  );

  // A local copy the server lacks is saved as soon as the page opens.
  useEffect(() => {
    if (unsaved) void flush();
  }, [unsaved, flush]);

  // Leaving the page saves what waits (the local copy stays until the server has it).
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  /** The server now holds `text` (a send, an upload that saved it along). */
  const acknowledge = useCallback((text: string) => {
    stored.current = text;
    clearDraft(scopeRef.current, text);
  }, []);

  return { status, savedAt, change, flush, acknowledge, text: () => latest.current };
}
