/**
 * The product's date format on the wire: `YYYY-MM-DD HH:mm:ss`, wall-clock time in the tenant's
 * time zone (spec 01 §5, §9). Requests may also send a bare `YYYY-MM-DD`, meaning midnight.
 */

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const HOUR_MS = 3_600_000;
/** Hours remembered per zone before its memory is cleared (dates of a few years). */
const MAX_HOURS_PER_ZONE = 100_000;
/** Per zone, per UTC hour (epoch ÷ 1 h): the zone's offset all through that hour, or null when it changes within it. */
const hourOffsets = new Map<string, Map<number, number | null>>();

/** `epochMs` rounded down to a whole second (also before 1970). */
const wholeSecond = (epochMs: number) => epochMs - (((epochMs % 1000) + 1000) % 1000);

/** How far `timeZone`'s clocks are ahead of UTC at `epochMs`, in ms, as Intl reads the zone's rules. */
function exactOffset(epochMs: number, timeZone: string): number {
  const at = wholeSecond(epochMs);
  const c = wallClock(new Date(at), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - at;
}

/**
 * The same, remembered per UTC hour: `Intl.DateTimeFormat#formatToParts` is slow enough to be
 * a visible share of a list's CPU (bench/course-list/README.md), while a zone's offset changes a
 * few times a year at most. An hour whose first and last second have the same offset has it all
 * through (no zone changes twice within one hour); an hour with a change is read exactly.
 */
function zoneOffset(epochMs: number, timeZone: string): number {
  let zone = hourOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    hourOffsets.set(timeZone, zone);
  }
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = exactOffset(hour * HOUR_MS, timeZone);
    const last = exactOffset((hour + 1) * HOUR_MS - 1000, timeZone);
    offset = first === last ? first : null;
    if (zone.size >= MAX_HOURS_PER_ZONE) zone.clear();
    zone.set(hour, offset);
  }
  return offset ?? exactOffset(epochMs, timeZone);
}

/** `2024-05-01 17:30:00` for the instant `date` as seen on a clock in `timeZone` (IANA name). */
export function formatWireDate(date: Date, timeZone: string): string {
  const epochMs = date.getTime();
  if (Number.isNaN(epochMs)) throw new RangeError('Cannot format an invalid Date');
  const wall = new Date(wholeSecond(epochMs) + zoneOffset(epochMs, timeZone));
  const year = wall.getUTCFullYear();
  if (year < 1 || year > 9999) {
    // Outside four-digit years, as Intl writes them (era years before year 1).
    const c = wallClock(date, timeZone);
    return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  }
  return (
    `${pad(year, 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  );
}

/**
 * The instant a clock in `timeZone` shows as `text` (`YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD`).
 * Throws a RangeError on anything else, including impossible dates like `2024-02-30`.
 * A wall time that occurs twice (clocks set back) is the earlier instant; one skipped by clocks set
 * forward is read with the offset from before the jump (`02:30` skipped at 02:00 is `03:30`).
 */
export function parseWireDate(text: string, timeZone: string): Date {
  const match = WIRE_DATE.exec(text);
  if (!match) throw new RangeError(`Expected a date as YYYY-MM-DD HH:mm:ss, got "${text}"`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wallAsUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new RangeError(`"${text}" is not a valid date`);
  }
  // The offset at the wall time read as UTC, then at the instant that guess gives, covers both
  // sides of any offset change near the wanted instant.
  const firstGuess = zoneOffset(wallAsUtc, timeZone);
  const secondGuess = zoneOffset(wallAsUtc - firstGuess, timeZone);
  const exact = [firstGuess, secondGuess]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => zoneOffset(instant, timeZone) === wallAsUtc - instant);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Skipped by a jump forward: the same distance past the jump.
  return new Date(wallAsUtc - Math.min(firstGuess, secondGuess));
}
