/**
 * The live classroom's resources and socket messages as the screens read them (spec 03 §3 "Live
 * classroom (crs)", "Vote", "Interactive-content (h5p) result"; §7 "Live classroom"), written from
 * the presence service's contract (`/crs/crs`, `/crs/vote`, `/public/crs/result`, the socket
 * `/socket/crs`) until its OpenAPI document is merged.
 */

/** A video of a room, played in sync for everyone in it. */
export interface RoomVideo {
  title?: string;
  url: string;
}

/** Where a room's video is: `position` seconds at `at` (the server's time), moving on while `playing`. */
export interface VideoState {
  index: number;
  position: number;
  playing: boolean;
  at: string;
}

/** A live classroom of a course (optionally of one of its activities); `host` its hosts' user ids. */
export interface Room {
  id: string;
  course_id: number;
  activity_id: number | null;
  type: string;
  title: string;
  description: string | null;
  start_at: string;
  end_at: string;
  videos: RoomVideo[];
  host: number[];
  presence_id: number | null;
  ended_at: string | null;
  is_ended: boolean;
  video: VideoState;
  /** The reader is one of its hosts. */
  is_host: boolean;
  /** The reader is staff of the course: may change and delete the room. */
  can_edit: boolean;
}

/** What a room's form sends (`POST /crs/crs`, `PATCH /crs/crs/{id}`); dates as `yyyy-mm-dd hh:mm:00`. */
export interface RoomWrite {
  course_id: number;
  title: string;
  description: string | null;
  start_at: string;
  end_at: string;
  videos: RoomVideo[];
}

/** A chat message with the message it answers. */
export interface ChatMessage {
  id: string;
  room_id: number;
  user_id: number;
  user_name: string;
  message: string;
  reply_chat_id: number | null;
  reply: { id: number; user_name: string; message: string } | null;
  created_at: string;
}

export const VOTE_TYPES = ['single', 'multiple'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** A vote with how many chose each answer; `score` shown to the hosts only, the reader's own answer. */
export interface Vote {
  id: string;
  room_id: number;
  question: string;
  type: VoteType;
  duration: number;
  started_at: string;
  ends_at: string;
  is_open: boolean;
  answers: Array<{ answer: string; score: number | null; count: number }>;
  total: number;
  my_answer: number[] | null;
  my_score: number | null;
}

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

/** The room's interactive-content results, per content (spec 03 §3): scores in percent. */
export interface H5pResult {
  id: string;
  content_id: string;
  name: string;
  attempt: number;
  max: number | null;
  min: number | null;
  avg: number | null;
}

/** Spec 03 §9: a vote's answer scores 10 unless the host says otherwise. */
export const DEFAULT_ANSWER_SCORE = 10;

/**
 * Where the video is now: a playing video has moved on since the state was received
 * (`receivedAt`, this computer's clock, so neither clock's error plays a part).
 */
export function positionNow(video: VideoState, receivedAt: number, now: number): number {
  return video.playing ? video.position + Math.max(0, now - receivedAt) / 1000 : video.position;
}

/** `75.4` → `1:15`, `3725` → `1:02:05`. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/** What the room form holds: `datetime-local` values (`yyyy-mm-ddThh:mm`) and one video per line. */
export interface RoomFields {
  title: string;
  description: string;
  start: string;
  end: string;
  videos: string;
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
  };
}

/**
 * The room form's write, or what is wrong with it: a title, a start and an end (after the start),
 * videos as http(s) addresses, one a line.
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
    },
  };
}
