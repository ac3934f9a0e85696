/**
 * Calendar arithmetic on days written `YYYY-MM-DD` and months `YYYY-MM` — the campus's calendar
 * days as the services write them, so no time zone of this computer takes part.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const asUtc = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
};
const dayOfUtc = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const isDay = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOfUtc(asUtc(text)) === text;
export const isMonth = (text: string | null): text is string =>
  text !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/** The day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const date = asUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOfUtc(date);
}

/** The month of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The first day of the month `months` after (or before) `month`. */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return dayOfUtc(date).slice(0, 7);
}

/** The same day of another month, or its last day when it has fewer (31 January + 1 month: 28 February). */
export function sameDayIn(day: string, month: string): string {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${pad(Math.min(Number(day.slice(8, 10)), last))}`;
}

/** 0 for Monday … 6 for Sunday. */
export const weekdayOf = (day: string) => (asUtc(day).getUTCDay() + 6) % 7;

/** The weeks (Monday to Sunday) covering a month: 4 to 6 rows of 7 days, neighbours' days included. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  let day = addDays(first, -weekdayOf(first));
  const weeks: string[][] = [];
  do {
    const week = Array.from({ length: 7 }, (_, index) => addDays(day, index));
    weeks.push(week);
    day = addDays(day, 7);
  } while (monthOf(day) === month);
  return weeks;
}

/** A date of the services (`YYYY-MM-DD HH:mm:ss`, the campus's wall clock) → its day. */
export const dayOfWire = (value: string) => value.slice(0, 10);

/** A wall-clock instant (`useNow()`, the campus's time read with local getters) → its day. */
export function dayOfClock(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
