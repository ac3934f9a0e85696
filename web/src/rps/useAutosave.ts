import { useEffect, useRef, useState } from 'react';

/** How long the editor waits after the last change before it saves. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

/**
 * Autosave of a form's value: `change` keeps the new value and saves it once the user pauses
 * (`AUTOSAVE_DELAY_MS`); `flush` saves now what is waiting, as leaving the form does. `save` resolves
 * true when the server took it.
 */
export function useAutosave<T>(save: (value: T) => Promise<boolean>) {
  const [state, setState] = useState<SaveState>('saved');
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = async () => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    setState('saving');
    const ok = await saveRef.current(next.value);
    setState(pending.current ? 'unsaved' : ok ? 'saved' : 'failed');
  };

  const change = (value: T) => {
    pending.current = { value };
    setState('unsaved');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  // leaving the stage saves what is still waiting
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => () => void flushRef.current(), []);
  return { state, change, flush };
}
