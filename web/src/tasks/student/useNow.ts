import { useEffect, useState } from 'react';
import { parseDate } from '../../lib/dates';
import { serverOffset } from '../../exams/take/clock';
import { useServerTimeQuery } from '../../exams/take/takeApi';

/**
 * The time now on the campus's wall clock — the one the service writes its dates in (`GET /time`
 * minus this computer's time at its arrival, added to this computer's clock, so a wrong clock or
 * time zone changes nothing) — read again every `every` ms — or, with an `until` instant,
 * every second during its last day and every minute before it — so windows and count-downs move
 * on their own.
 */
export function useNow({ every, until }: { every?: number; until?: string | null } = {}): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const end = parseDate(until)?.getTime() ?? NaN;
    const period = every ?? (!Number.isNaN(end) && end - Date.now() <= 2 * 86_400_000 ? 1000 : 60_000);
    const id = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(id);
  }, [every, until]);
  return now + useClockOffset();
}

/** The campus's wall clock minus this computer's (0 until `GET /time` answers). */
export function useClockOffset(): number {
  const time = useServerTimeQuery();
  return time.data ? serverOffset(time.data.time, time.data.receivedAt) : 0;
}
