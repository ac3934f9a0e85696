import type { RequestAttributes, ResourceOf } from '../api/types';
import { parseDate } from '../lib/dates';

/**
 * The live classroom's resources as the screens read them (spec 03 §3 "Live classroom (crs)",
 * "Vote", "Interactive-content (h5p) result"; §7 "Live classroom"), named from the presence
 * service's OpenAPI document; the socket `/socket/crs` sends the same rows (`crsSocket.ts`).
 */

/** A live classroom of a course (optionally of one of its activities); `host` its hosts' user ids. */
export type Room = ResourceOf<'/api/crs/crs/{id}'>;
/** A video of a room, played in sync for everyone in it. */
export type RoomVideo = Room['videos'][number];
/** Where a room's video is: `position` seconds at `at`, moving on while `playing`. */
export type VideoState = Omit<Room['video'], 'at'> & { at: string };

/** What a room's form sends (`POST /crs/crs`, `PATCH /crs/crs/{id}`); dates as `yyyy-mm-dd hh:mm:00`. */
export type RoomWrite = Pick<
  RequestAttributes<'/api/crs/crs', 'post'>,
  | 'course_id'
  | 'title'
  | 'description'
  | 'start_at'
  | 'end_at'
  | 'videos'
  | 'activity_id'
  | 'presence_id'
  | 'host'
>;

/** A chat message with the message it answers. */
export type ChatMessage = ResourceOf<'/api/crs/crs/{id}/messages'>;

export const VOTE_TYPES = ['single', 'multiple'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** A vote with how many chose each answer; `score` shown to the hosts only, the reader's own answer. */
export type Vote = ResourceOf<'/api/crs/vote'>;

/** What a host sends to start a vote (`newVote`); each answer scores 10 unless said (spec 03 §9). */
export interface NewVote {
  question: string;
  type: VoteType;
  answers: Array<{ answer: string; score: number }>;
  duration: number;
}

/** Someone in the room now. */
export interface Participant {
  user_id: number;
  name: string;
  is_host: boolean;
}

/** The reader's part in a room. */
export type RoomRole = 'host' | 'staff' | 'student';

/**
 * What joining did to a student's attendance in the room's presence session (live attendance):
 * marked present now, a mark already there, or why not; null: no session linked, or not a student.
 */
export type LiveMark = 'marked' | 'already_marked' | 'not_open_yet' | 'closed' | 'sent' | 'not_in_class';

/** The room's interactive-content results, per content (spec 03 §3): scores in percent. */
export type H5pResult = ResourceOf<'/api/public/crs/result/{id}'>;

/** Spec 03 §9: a vote's answer scores 10 unless the host says otherwise. */
export const DEFAULT_ANSWER_SCORE = 10;

/**
 * Where the video is now: a playing video has moved on since the state was received
 * (`receivedAt`, this computer's clock, so neither clock's error plays a part).
 */
export function positionNow(video: VideoState, receivedAt: number, now: number): number {
  return video.playing ? video.position + Math.max(0, now - receivedAt) / 1000 : video.position;
}

/** An instant as the socket sends dates (`…Z`), not the campus's wall clock the HTTP calls send. */
const INSTANT = /(?:Z|[+-]\d\d:?\d\d)$/i;

/**
 * A date on the campus's wall clock, as every screen shows dates: the socket's instants moved by the
 * campus's difference to this computer (`useClockOffset`), the API's wall-clock strings as they are.
 */
export function onCampusClock(value: string, offset: number): string | Date {
  return INSTANT.test(value) ? new Date(new Date(value).getTime() + offset) : value;
}

/** Seconds from the campus's time `campusNow` (`useNow`) until `endsAt`. */
export function secondsLeft(endsAt: string, campusNow: number, offset: number): number {
  const end = parseDate(onCampusClock(endsAt, offset))?.getTime() ?? 0;
  return Math.max(0, Math.round((end - campusNow) / 1000));
}

/** `75.4` → `1:15`, `3725` → `1:02:05`. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/**
 * What the room form holds: `datetime-local` values (`yyyy-mm-ddThh:mm`), one video per line, the
 * activity and the presence session it belongs to (`''`: none) and its hosts' user ids (none
 * chosen: the creator hosts a new room, an existing one keeps its hosts).
 */
export interface RoomFields {
  title: string;
  description: string;
  start: string;
  end: string;
  videos: string;
  activityId: string;
  presenceId: string;
  hosts: string[];
}

export type RoomProblem = 'title' | 'start' | 'end' | 'order' | 'videos';

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** `2026-03-02 08:00:00` → `2026-03-02T08:00` (the form's field), and back. */
export const toLocalField = (wire: string | undefined): string =>
  wire ? wire.replace(' ', 'T').slice(0, 16) : '';
const toWire = (local: string): string | null => {
  const match = LOCAL.exec(local);
  return match ? `${match[1]} ${match[2]}:00` : null;
};

export function fieldsOf(room?: Room): RoomFields {
  return {
    title: room?.title ?? '',
    description: room?.description ?? '',
    start: toLocalField(room?.start_at),
    end: toLocalField(room?.end_at),
    videos: (room?.videos ?? []).map((video) => video.url).join('\n'),
    activityId: room?.activity_id ? String(room.activity_id) : '',
    presenceId: room?.presence_id ? String(room.presence_id) : '',
    hosts: (room?.host ?? []).map(String),
  };
}

/**
 * The room form's write, or what is wrong with it: a title, a start and an end (after the start),
 * videos as http(s) addresses, one a line; its activity, presence session and hosts as chosen.
 */
export function roomWrite(
  fields: RoomFields,
  courseId: string,
): { write: RoomWrite; problems?: undefined } | { write?: undefined; problems: RoomProblem[] } {
  const problems: RoomProblem[] = [];
  const start = toWire(fields.start);
  const end = toWire(fields.end);
  const urls = fields.videos
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (!fields.title.trim()) problems.push('title');
  if (!start) problems.push('start');
  if (!end) problems.push('end');
  else if (start && end <= start) problems.push('order');
  if (urls.some((url) => !/^https?:\/\/\S+$/.test(url))) problems.push('videos');
  if (problems.length > 0 || !start || !end) return { problems };
  return {
    write: {
      course_id: Number(courseId),
      title: fields.title.trim(),
      description: fields.description.trim() || null,
      start_at: start,
      end_at: end,
      videos: urls.map((url) => ({ url })),
      activity_id: fields.activityId ? Number(fields.activityId) : null,
      presence_id: fields.presenceId ? Number(fields.presenceId) : null,
      ...(fields.hosts.length > 0 ? { host: fields.hosts.map(Number) } : {}),
    },
  };
}
