import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How long typing pauses before a search is sent (ms). */
export const SEARCH_DELAY_MS = 300;

/** The next query of a list: `changes` merged in (null removes); any change but the page's goes back to page 1. */
export function nextListParams(
  current: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/**
 * A list's state in the URL query: the search (`q`, sent once typing pauses), the page (`page`,
 * from 1) and any further filter the page keeps there (`period`, say), so a reload or a shared
 * link shows the same list.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);
  // The search changed under the field (back button, a link): the field follows.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setTyped(search);
  }

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams((current) => nextListParams(current, changes), { replace }),
    [setParams],
  );

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => update({ q: typed.trim() || null }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  return {
    params,
    search,
    page,
    typed,
    setTyped,
    update,
    goTo: (next: number) => update({ page: String(next) }),
  };
}
