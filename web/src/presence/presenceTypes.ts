/**
 * The presence service's resources as the screens read them (spec 03 §3 "Presence", the
 * attendance contract of issue 17: `/course/presences`, `/presence`, `/presence-export`).
 */

/** The five kinds of mark of spec 03 §3, in the order the screens offer them. */
export const PRESENCE_TYPES = ['attend', 'sick', 'absent', 'leave', 'other'] as const;
export type PresenceType = (typeof PRESENCE_TYPES)[number];

/** A mark's status (spec 03 §3): 1 for present, 0 for every other type. */
export const statusFor = (type: PresenceType): 0 | 1 => (type === 'attend' ? 1 : 0);

/** One student's mark in a session. */
export interface PresenceDetail {
  user_id: number | string;
  code: string;
  name: string;
  role: 'STUDENT';
  /** 1 for `attend`, 0 for the four others; null while the student is not marked yet. */
  status: 0 | 1 | null;
  type: PresenceType | null;
  marked_at: string | null;
  /** How the mark was given: the student's check-in or the staff's click. */
  source: 'check_in' | 'manual' | null;
}

/** A topic of a session: a module of the course (a week, a chapter) and the link to its preview. */
export interface PresenceTopic {
  id: number | string;
  name: string;
  url: string;
}

/** How many students of a session have each type, how many are not marked yet, and all of them. */
export type PresenceCounts = Record<PresenceType | 'unmarked' | 'students', number>;

/** One session of a class. */
export interface Presence {
  id: string;
  course_id: number | string;
  class_id: number | string;
  class_name: string;
  /** The lecturer's label of the meeting ("P01"), free text. */
  act_code: string | null;
  start_at: string;
  end_at: string;
  /** The check-in window. */
  presence_start: string;
  presence_end: string;
  note: string | null;
  topics: PresenceTopic[];
  is_sent: boolean;
  sent_at: string | null;
  /** The code students check in with: the staff's only (null for a student). */
  check_in_code: string | null;
  /** Now is inside the check-in window and the session is not sent. */
  is_open: boolean;
  /** The staff's counts of the marks (null for a student). */
  counts: PresenceCounts | null;
  /** Every student of the class, by name, on a session read alone (staff); empty in lists. */
  details: PresenceDetail[];
  /** A student's own mark (null for the staff). */
  my_detail: PresenceDetail | null;
  /** The caller is a lecturer or assistant of the course. */
  can_edit: boolean;
}

/** A class the caller teaches or takes, with its sessions (`GET /course/presences/list`). */
export interface PresenceClass {
  id: string;
  course_id: number | string;
  course_name: string;
  course_code: string;
  period_id: number | string;
  class_id: number | string;
  class_name: string;
  /** How the caller is in the class (a campus administrator reads every class). */
  role: 'lecturer' | 'assistant' | 'student' | 'admin';
  /** How many sessions it has, and how many of them are sent. */
  sessions: number;
  sent: number;
  last_start_at: string | null;
}

/** The attributes a session is created or changed with. */
export interface PresenceWrite {
  course_id: number;
  class_id: number;
  act_code: string | null;
  start_at: string;
  end_at: string;
  presence_start: string;
  presence_end: string;
  note: string | null;
  /** Ids of the course's modules the session covers. */
  topic_ids: number[];
}

/** What a session's change sends: its course and class stay. */
export type PresenceChanges = Omit<PresenceWrite, 'course_id' | 'class_id'>;

export const changesOf = ({
  course_id: _course,
  class_id: _class,
  ...changes
}: PresenceWrite): PresenceChanges => changes;

/** A short-lived link to a workbook the service wrote. */
export interface PresenceExport {
  id: string;
  url: string;
  filename: string;
  expires_at: string;
}

/** A session's form as typed: the day as dd/mm/yyyy, the times as hh:mm. */
export interface SessionFields {
  label: string;
  date: string;
  start: string;
  end: string;
  windowStart: string;
  windowEnd: string;
  note: string;
  topicIds: string[];
}

/** A field of the form and why it is refused. */
export type SessionProblems = Partial<Record<keyof SessionFields, 'date' | 'time' | 'order' | 'window'>>;

const DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** `25/08/2026` as `2026-08-25`, or null when it is no day of the calendar. */
function isoDay(date: string): string | null {
  const match = DAY.exec(date.trim());
  if (!match) return null;
  const [day, month, year] = [+match[1], +match[2], +match[3]];
  const check = new Date(year, month - 1, day);
  if (check.getFullYear() !== year || check.getMonth() !== month - 1 || check.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `08:05` as itself (`8:05` padded), or null when it is no time of day. */
function clockTime(time: string): string | null {
  const match = TIME.exec(time.trim());
  if (!match || +match[1] > 23 || +match[2] > 59) return null;
  return `${pad(+match[1])}:${match[2]}`;
}

/**
 * A day (dd/mm/yyyy) and a time (hh:mm) as the service takes them, `yyyy-mm-dd hh:mm:00`
 * (spec 03 §5); null when either is not one.
 */
export function toPresenceDateTime(date: string, time: string): string | null {
  const day = isoDay(date);
  const clock = clockTime(time);
  return day && clock ? `${day} ${clock}:00` : null;
}

/** The day (dd/mm/yyyy) and time (hh:mm) of a `yyyy-mm-dd hh:mm:ss` the service wrote. */
export function fromPresenceDateTime(value: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  return match
    ? { date: `${match[3]}/${match[2]}/${match[1]}`, time: `${match[4]}:${match[5]}` }
    : { date: '', time: '' };
}

/** The form of an existing session, or an empty one. */
export function fieldsOf(presence?: Presence): SessionFields {
  if (!presence)
    return {
      label: '',
      date: '',
      start: '',
      end: '',
      windowStart: '',
      windowEnd: '',
      note: '',
      topicIds: [],
    };
  const start = fromPresenceDateTime(presence.start_at);
  return {
    label: presence.act_code ?? '',
    date: start.date,
    start: start.time,
    end: fromPresenceDateTime(presence.end_at).time,
    windowStart: fromPresenceDateTime(presence.presence_start).time,
    windowEnd: fromPresenceDateTime(presence.presence_end).time,
    note: presence.note ?? '',
    topicIds: presence.topics.map((topic) => String(topic.id)),
  };
}

/**
 * What the form sends, or why it cannot: a day of the calendar, times of day, the session ending
 * after it starts and the check-in window opening before it closes.
 */
export function sessionWrite(
  fields: SessionFields,
  where: { courseId: string; classId: string },
): { write: PresenceWrite; problems: null } | { write: null; problems: SessionProblems } {
  const problems: SessionProblems = {};
  if (!isoDay(fields.date)) problems.date = 'date';
  for (const key of ['start', 'end', 'windowStart', 'windowEnd'] as const)
    if (!clockTime(fields[key])) problems[key] = 'time';
  const at = (time: string) => toPresenceDateTime(fields.date, time) ?? '';
  // the times are compared on the day typed, once it is one
  const ordered = (from: 'start' | 'windowStart', to: 'end' | 'windowEnd') =>
    problems.date || problems[from] || problems[to] || at(fields[to]) > at(fields[from]);
  if (!ordered('start', 'end')) problems.end = 'order';
  if (!ordered('windowStart', 'windowEnd')) problems.windowEnd = 'window';
  if (Object.keys(problems).length > 0) return { write: null, problems };
  return {
    write: {
      course_id: Number(where.courseId),
      class_id: Number(where.classId),
      act_code: fields.label.trim() || null,
      start_at: at(fields.start),
      end_at: at(fields.end),
      presence_start: at(fields.windowStart),
      presence_end: at(fields.windowEnd),
      note: fields.note.trim() || null,
      topic_ids: fields.topicIds.map(Number),
    },
    problems: null,
  };
}

/** How many students of a session have each type, how many are not marked yet, and all of them. */
export function tally(details: readonly PresenceDetail[]): PresenceCounts {
  const counts = { attend: 0, sick: 0, absent: 0, leave: 0, other: 0, unmarked: 0, students: details.length };
  for (const detail of details) counts[detail.type ?? 'unmarked'] += 1;
  return counts;
}
