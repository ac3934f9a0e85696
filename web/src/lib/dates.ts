/**
 * Dates as the product shows and sends them (spec 01 §9). Every date or time the interface shows
 * is written here, in the interface language: month names and order are that language's
 * (`25 Aug 2026`, `25. Aug. 2026`, `25 août 2026`, `25 de ago. de 2026`, and the Indonesian short
 * month names spec 01 asks for, `25 Agu 2026`). Components take the formatters from `useDates()`,
 * which follows the language as it changes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../preferences/preferencesSlice';

type DateInput = string | Date | null | undefined;

/**
 * The locale whose conventions each interface language writes dates in: British English (day
 * before month, 24-hour clock), and for Portuguese the locale that writes month names (pt-PT's
 * medium date is all digits).
 */
const LOCALES: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt',
  id: 'id-ID',
};

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  const key = `${locale}|${withTime}`;
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(locale, withTime ? DATE_TIME : DATE)));
  return found;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ICU's thin and narrow spaces (around a range's dash, inside some times) as plain ones: the same text on every browser. */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

/** Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or ISO strings; a date-only value is a local calendar day. */
export function parseDate(value: DateInput): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  const date = plain
    ? new Date(+plain[1], +plain[2] - 1, +plain[3], +(plain[4] ?? 0), +(plain[5] ?? 0), +(plain[6] ?? 0))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `25 Aug 2026` (`25 Agu 2026` in Indonesian); null for a missing or unreadable date. */
export function formatDate(value: DateInput, language: string): string | null {
  const date = parseDate(value);
  return date && plainSpaces(formatter(language, false).format(date));
}

/** `25 Aug 2026, 14:05` (`25 Agu 2026, 14.05` in Indonesian). */
export function formatDateTime(value: DateInput, language: string): string | null {
  const date = parseDate(value);
  return date && plainSpaces(formatter(language, true).format(date));
}

/** `25 Aug – 20 Dec 2026`, or both years when they differ; one end alone when the other is missing. */
export function formatDateRange(start: DateInput, end: DateInput, language: string): string | null {
  const from = parseDate(start);
  const to = parseDate(end);
  if (!from || !to) return formatDate(from ?? to, language);
  if (to < from) return `${formatDate(from, language)} – ${formatDate(to, language)}`;
  return plainSpaces(formatter(language, false).formatRange(from, to));
}

const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const LONG_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const localeOf = (language: string) => LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE];

/** `November 2026` (`November 2026` / `novembre 2026` / `novembro de 2026`…): a calendar's title. */
export function formatMonth(value: DateInput, language: string): string | null {
  const date = parseDate(value);
  return date && plainSpaces(new Intl.DateTimeFormat(localeOf(language), MONTH).format(date));
}

/** `Tuesday, 24 November 2026`: a day named in full (a calendar's day). */
export function formatLongDay(value: DateInput, language: string): string | null {
  const date = parseDate(value);
  return date && plainSpaces(new Intl.DateTimeFormat(localeOf(language), LONG_DAY).format(date));
}

/** `14:05` (`14.05` in Indonesian). */
export function formatTime(value: DateInput, language: string): string | null {
  const date = parseDate(value);
  return date && plainSpaces(new Intl.DateTimeFormat(localeOf(language), TIME).format(date));
}

/** The days of the week, Monday first, short (`Mon`) and long (`Monday`), in the language. */
export function weekdayNames(language: string): Array<{ short: string; long: string }> {
  const short = new Intl.DateTimeFormat(localeOf(language), { weekday: 'short' });
  const long = new Intl.DateTimeFormat(localeOf(language), { weekday: 'long' });
  // 5 January 2026 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(2026, 0, 5 + index);
    return { short: short.format(day), long: long.format(day) };
  });
}

/** The wire format `YYYY-MM-DD HH:mm:ss` (spec 01 §5). */
export function toApiDateTime(value: Date): string {
  return (
    `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ` +
    `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`
  );
}

/** A wire date (`2026-12-01 17:00:00`) as a `datetime-local` field's value (`2026-12-01T17:00`); '' for none. */
export const toDateTimeField = (wire: string | null | undefined): string =>
  wire ? wire.replace(' ', 'T').slice(0, 16) : '';

/** A `datetime-local` field's value as the wire format; null when the field is empty. */
export const fromDateTimeField = (local: string): string | null =>
  local ? `${local.replace('T', ' ')}:00` : null;

/** The formatters above in the interface language; the component shows new dates when it changes. */
export function useDates() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      date: (value: DateInput) => formatDate(value, language),
      dateTime: (value: DateInput) => formatDateTime(value, language),
      dateRange: (start: DateInput, end: DateInput) => formatDateRange(start, end, language),
      month: (value: DateInput) => formatMonth(value, language),
      longDay: (value: DateInput) => formatLongDay(value, language),
      time: (value: DateInput) => formatTime(value, language),
      weekdays: () => weekdayNames(language),
    }),
    [language],
  );
}
