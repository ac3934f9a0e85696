import { useEffect, useState } from 'react';
import { api, QUIET } from '../api/baseApi';
import { deserializeOne, type Document } from '../api/jsonapi';
import { parseDate } from './dates';

/**
 * The campus's clock as the services read it. `GET /time` says what time it is on the server,
 * written as the campus's wall clock like every date the services send, so the difference to this
 * computer's clock at that moment is added to it from then on: a wrong clock or time zone on this
 * computer then changes nothing (the exam's count-down, an assignment's window).
 */

/** Milliseconds to add to `Date.now()` to get the server's time (0 when it did not say). */
export function serverOffset(serverTime: string | number | null | undefined, receivedAt: number): number {
  const server = typeof serverTime === 'number' ? serverTime : parseDate(serverTime)?.getTime();
  return server === undefined || Number.isNaN(server) ? 0 : server - receivedAt;
}

const serverClockApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /time`: the server's wall-clock time, with this computer's time at its arrival. */
    serverTime: build.query<{ time: string; receivedAt: number }, void>({
      extraOptions: QUIET,
      query: () => ({ url: 'time', cache: 'no-store' }),
      transformResponse: (document: Document) => ({
        time: deserializeOne<{ id: string; time: string }>(document).time,
        receivedAt: Date.now(),
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useServerTimeQuery } = serverClockApi;

/** The campus's wall clock minus this computer's, null until `GET /time` answers (or when skipped). */
export function useClockOffset({ skip = false }: { skip?: boolean } = {}): number | null {
  const time = useServerTimeQuery(undefined, { skip });
  return time.data ? serverOffset(time.data.time, time.data.receivedAt) : null;
}

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
  return now + (useClockOffset() ?? 0);
}
