import { parseDate } from '../../lib/dates';

/**
 * The exam's clock is the server's (issue 13: "timer from server time"): the offset of
 * `lib/serverClock` (or, when `/time` did not answer, the lobby's `server_time`) is added to this
 * computer's clock, so the deadline and the server's time are read alike.
 */

/** Milliseconds left until `endAt` on the server's clock (never below 0), or null without a deadline. */
export function remainingMs(
  endAt: string | null | undefined,
  offset: number,
  now: number = Date.now(),
): number | null {
  const end = parseDate(endAt);
  if (!end) return null;
  return Math.max(0, end.getTime() - (now + offset));
}

/** `1:05:09`, `5:09`, `0:09`: what is left, rounded up to the second. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * The server's wall-clock time now, written as the services write dates (`YYYY-MM-DD HH:mm:ss`
 * in the campus's zone): what a proctoring signal says for when it happened.
 */
export function serverWallClock(offset: number, now: number = Date.now()): string {
  const date = new Date(now + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
