import { attributes, type AttributesOf, field, z } from '@lms/jsonapi';

/** Spec 03 §9: a vote's answer scores 10 unless the host says otherwise. */
export const DEFAULT_ANSWER_SCORE = 10;

const video = field.object({
  title: field.string({ max: 200 }).optional(),
  url: field.string({ min: 1, max: 2000 }).regex(/^https?:\/\/\S+$/, { error: 'must be an http(s) address' }),
});

/** What a write may send of a room; dates are the spec's `yyyy-mm-dd hh:mm:00` in campus time. */
const settings = {
  activity_id: field.id().nullable().optional(),
  type: field.string({ min: 1, max: 30 }).optional(),
  title: field.string({ min: 1, max: 200 }),
  description: field.string({ max: 5000 }).nullable().optional(),
  start_at: field.date(),
  end_at: field.date(),
  videos: field.array(video, { max: 50 }).optional(),
  /** The hosts' user ids (staff of the course); the creator alone unless sent. */
  host: field.idList({ min: 1, max: 20 }).optional(),
  /** A presence session of the course: a student joining inside its window is marked present. */
  presence_id: field.id().nullable().optional(),
};

/** `POST /crs/crs`. */
export const crsCreateRules = attributes({ course_id: field.id(), ...settings });

/** `PATCH /crs/crs/{id}`: only what is sent changes; the course stays. */
export const crsUpdateRules = attributes({
  course_id: field.id().optional(),
  ...settings,
  title: settings.title.optional(),
  start_at: settings.start_at.optional(),
  end_at: settings.end_at.optional(),
});
export type CrsSettings = AttributesOf<typeof crsUpdateRules>;

/** Socket `join`: enters a room (leaving the one the socket was in). */
export const joinRules = attributes({ room_id: field.id() });

/** Socket `msg`: a chat message of the joined room, optionally answering one of its messages. */
export const msgRules = attributes({
  message: field.string({ min: 1, max: 2000 }),
  reply_chat_id: field.id().nullable().optional(),
});

/** Socket `newVote` (hosts). */
export const newVoteRules = attributes({
  question: field.string({ min: 1, max: 1000 }),
  type: field.enum(['single', 'multiple']).optional(),
  answers: field.array(
    z.union([
      field.string({ min: 1, max: 500 }),
      field.object({
        answer: field.string({ min: 1, max: 500 }),
        score: field.integer({ min: 0, max: 1000 }).optional(),
      }),
    ]),
    { min: 2, max: 10 },
  ),
  /** Seconds the vote stays open. */
  duration: field.integer({ min: 5, max: 3600 }),
});

/** Socket `answerVote` (students, once): the index of the answer, or indexes for `multiple`. */
export const answerVoteRules = attributes({
  vote_id: field.id(),
  answer: z.union([
    field.integer({ min: 0, max: 9 }),
    field.array(field.integer({ min: 0, max: 9 }), { min: 1, max: 10 }),
  ]),
});

/** Socket `playVideo` / `pauseVideo` (hosts): the video and the position in seconds. */
export const videoRules = attributes({
  position: field.number({ min: 0, max: 86_400 }),
  video_index: field.integer({ min: 0, max: 49 }).optional(),
});

/** `POST /crs/xapi`: a statement of an interactive content played in a room. */
export const xapiRules = attributes({
  crs_id: field.id(),
  statement: z.record(z.string(), z.unknown(), { error: 'must be an xAPI statement object' }),
});
