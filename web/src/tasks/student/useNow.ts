import { useEffect, useState } from 'react';

/**
 * The time now (ms since the epoch), read again every `every` ms — or, with an `until` instant,
 * every second during its last day and every minute before it — so windows and count-downs move
 * on their own.
 */
export function useNow({ every, until }: { every?: number; until?: string | null } = {}): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const end = until ? Date.parse(until) : NaN;
    const period = every ?? (!Number.isNaN(end) && end - Date.now() <= 86_400_000 ? 1000 : 60_000);
    const id = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(id);
  }, [every, until]);
  return now;
}
