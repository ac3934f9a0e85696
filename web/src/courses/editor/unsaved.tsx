import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../layout/ConfirmDialog';

/**
 * The course's unsaved flag (spec 01 §4): set while the course, a module or a content has changes
 * that are not saved yet. Each editing part raises its own key; the flag is set while any is raised.
 */
export function withFlag(flags: ReadonlySet<string>, key: string, dirty: boolean): ReadonlySet<string> {
  if (flags.has(key) === dirty) return flags;
  const next = new Set(flags);
  if (dirty) next.add(key);
  else next.delete(key);
  return next;
}

/** Whether leaving for `next` would drop changes: any other path while the flag is set. */
export function shouldBlock(unsaved: boolean, current: string, next: string): boolean {
  return unsaved && current !== next;
}

const UnsavedContext = createContext<(key: string, dirty: boolean) => void>(() => undefined);

/** Raises `key` while `dirty`, lowering it when the part goes away. */
export function useUnsavedFlag(key: string, dirty: boolean) {
  const set = useContext(UnsavedContext);
  useEffect(() => {
    set(key, dirty);
    return () => set(key, false);
  }, [set, key, dirty]);
}

/** Holds the flag for the editor; asks before navigation (in the app or away) drops changes. */
export function UnsavedProvider({
  children,
  render,
}: {
  children: ReactNode;
  render?: (unsaved: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback((key: string, dirty: boolean) => setFlags((now) => withFlag(now, key, dirty)), []);
  const unsaved = flags.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldBlock(unsaved, currentLocation.pathname, nextLocation.pathname),
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const value = useMemo(() => set, [set]);
  return (
    <UnsavedContext.Provider value={value}>
      {render?.(unsaved)}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          question={t('editor.unsavedLeave')}
          action={t('editor.leaveAnyway')}
          cancel={t('editor.stay')}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
      {children}
    </UnsavedContext.Provider>
  );
}
