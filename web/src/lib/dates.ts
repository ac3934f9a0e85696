/** Dates as the product shows and sends them (spec 01 §9). */

/** Indonesian short month names, used for every date shown whatever the UI language. */
export const SHORT_MONTHS_ID = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
];

const pad = (value: number) => String(value).padStart(2, '0');

/** Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or ISO strings; a date-only value is a local calendar day. */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  const date = plain
    ? new Date(+plain[1], +plain[2] - 1, +plain[3], +(plain[4] ?? 0), +(plain[5] ?? 0), +(plain[6] ?? 0))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `12 Agu 2025`; null for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string | null {
  const date = parseDate(value);
  if (!date) return null;
  return `${date.getDate()} ${SHORT_MONTHS_ID[date.getMonth()]} ${date.getFullYear()}`;
}

/** `12 Agu 2025 14:05`. */
export function formatDateTime(value: string | Date | null | undefined): string | null {
  const date = parseDate(value);
  if (!date) return null;
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The wire format `YYYY-MM-DD HH:mm:ss` (spec 01 §5). */
export function toApiDateTime(value: Date): string {
  return (
    `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ` +
    `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`
  );
}

/** `12 Agu – 20 Des 2025`, or both years when they differ. */
export function formatDateRange(
  start: string | null | undefined,
  end: string | null | undefined,
): string | null {
  const from = parseDate(start);
  const to = parseDate(end);
  if (!from || !to) return formatDate(from ?? to);
  if (from.getFullYear() === to.getFullYear()) {
    return `${from.getDate()} ${SHORT_MONTHS_ID[from.getMonth()]} – ${formatDate(to)}`;
  }
  return `${formatDate(from)} – ${formatDate(to)}`;
}
