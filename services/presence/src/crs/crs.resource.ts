import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { CrsRoom, CrsXapiStatement } from './crs.entity';

/** Where a room's video is now: the position moves on while it plays. */
export interface VideoState {
  index: number;
  position: number;
  playing: boolean;
  /** When the position was read (now). */
  at: Date;
}

/** The video state of a room read now: a playing video has moved on since its last play. */
export function videoStateOf(room: CrsRoom, now = new Date()): VideoState {
  const since = room.videoPlaying && room.videoAt ? (now.getTime() - room.videoAt.getTime()) / 1000 : 0;
  return {
    index: room.videoIndex,
    position: Math.round((room.videoPosition + Math.max(0, since)) * 1000) / 1000,
    playing: room.videoPlaying,
    at: now,
  };
}

/** A room as its reader may see it. */
export type ReadRoom = CrsRoom & { viewerHost: boolean; viewerStaff: boolean };

export const videoStateSchema = z.object({
  index: z.int(),
  position: z.number(),
  playing: z.boolean(),
  at: z.date(),
});

/** A live classroom (spec 03 §3): `host` is the hosts' user ids; `video` where it plays now. */
export const crsResource = defineResource({
  name: 'Crs',
  type: 'crs',
  schema: {
    course_id: z.int(),
    activity_id: z.int().nullable(),
    type: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    start_at: z.date(),
    end_at: z.date(),
    videos: z.array(z.object({ title: z.string(), url: z.string() })),
    host: z.array(z.int()),
    presence_id: z.int().nullable(),
    ended_at: z.date().nullable(),
    is_ended: z.boolean(),
    video: videoStateSchema,
    is_host: z.boolean(),
    can_edit: z.boolean(),
  },
  attributes: (room: ReadRoom) => ({
    course_id: Number(room.courseId),
    activity_id: room.activityId === null ? null : Number(room.activityId),
    type: room.type,
    title: room.title,
    description: room.description,
    start_at: room.startAt,
    end_at: room.endAt,
    videos: room.videos,
    host: room.hosts.map(Number),
    presence_id: room.presenceId === null ? null : Number(room.presenceId),
    ended_at: room.endedAt,
    is_ended: room.endedAt !== null,
    video: videoStateOf(room),
    is_host: room.viewerHost,
    can_edit: room.viewerStaff,
  }),
});

/** `GET /crs/crs`: by course, activity and type (spec 03 §7), 10 a page, by start. */
export const crsQuery: QuerySpec = {
  filters: {
    course_id: { column: 'room.course_id', type: 'integer', ops: ['is', 'in'] },
    activity_id: { column: 'room.activity_id', type: 'integer', ops: ['is', 'in', 'null'] },
    type: { column: 'room.type', type: 'string', ops: ['is', 'in'] },
  },
  sorts: { id: 'room.id', start_at: 'room.start_at', title: 'room.title' },
  defaultSort: '-start_at',
};

/** A chat message with its author and the message it answers. */
export interface ChatRow {
  id: number;
  room_id: number;
  user_id: number;
  user_name: string;
  message: string;
  reply_chat_id: number | null;
  reply: { id: number; user_name: string; message: string } | null;
  created_at: Date;
}

export const chatResource = defineResource({
  name: 'CrsMessage',
  type: 'crs-messages',
  id: (row: ChatRow) => row.id,
  schema: {
    room_id: z.int(),
    user_id: z.int(),
    user_name: z.string(),
    message: z.string(),
    reply_chat_id: z.int().nullable(),
    reply: z.object({ id: z.int(), user_name: z.string(), message: z.string() }).nullable(),
    created_at: z.date(),
  },
  attributes: ({ id: _id, ...row }: ChatRow) => row,
});

/** How many chose each answer of a vote, and what the reader may see of it. */
export interface VoteRow {
  id: number;
  room_id: number;
  question: string;
  vote_type: 'single' | 'multiple';
  duration: number;
  started_at: Date;
  ends_at: Date;
  is_open: boolean;
  /** Scores are shown to the hosts only; counts to the staff, to who answered, and after the end. */
  answers: Array<{ answer: string; score: number | null; count: number | null }>;
  total: number | null;
  my_answer: number[] | null;
  my_score: number | null;
}

export const voteSchema = {
  room_id: z.int(),
  question: z.string(),
  vote_type: z.enum(['single', 'multiple']),
  duration: z.int(),
  started_at: z.date(),
  ends_at: z.date(),
  is_open: z.boolean(),
  answers: z.array(z.object({ answer: z.string(), score: z.int().nullable(), count: z.int().nullable() })),
  total: z.int().nullable(),
  my_answer: z.array(z.int()).nullable(),
  my_score: z.int().nullable(),
};

export const voteResource = defineResource({
  name: 'CrsVote',
  type: 'crs-votes',
  id: (row: VoteRow) => row.id,
  schema: voteSchema,
  attributes: ({ id: _id, ...row }: VoteRow) => row,
});

/** Spec 03 §3 "Interactive-content (h5p) result": per content of a room, scores in percent. */
export interface ResultRow {
  content_id: string;
  name: string;
  attempt: number;
  max: number | null;
  min: number | null;
  avg: number | null;
}

export const resultResource = defineResource({
  name: 'CrsResult',
  type: 'crs-results',
  id: (row: ResultRow) => row.content_id,
  schema: {
    content_id: z.string(),
    name: z.string(),
    attempt: z.int(),
    max: z.number().nullable(),
    min: z.number().nullable(),
    avg: z.number().nullable(),
  },
  attributes: (row: ResultRow) => row,
});

/** A stored xAPI statement: what the results read of it (the statement itself is not sent back). */
export const statementResource = defineResource({
  name: 'CrsXapiStatement',
  type: 'crs-xapi-statements',
  schema: {
    crs_id: z.int(),
    content_id: z.string(),
    content_name: z.string(),
    verb: z.string(),
    score: z.number().nullable(),
    created_at: z.date(),
  },
  attributes: (row: CrsXapiStatement) => ({
    crs_id: Number(row.roomId),
    content_id: row.contentId,
    content_name: row.contentName,
    verb: row.verb,
    score: row.score,
    created_at: row.createdAt,
  }),
});
