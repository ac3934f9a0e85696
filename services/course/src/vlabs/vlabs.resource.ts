import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Vlab, VlabResult } from './vlab.entity';

/** A lab as one caller reads it: the URL to open it with (the caller's ids added). */
export type ReadVlab = Vlab & { launchUrl: string };

const settingsSchema = z.object({
  show_names: z.boolean().optional(),
  max_score: z.number().optional(),
  leaderboard_size: z.int().optional(),
});

/** A virtual lab of an activity (spec 03 §3). */
export const vlabResource = defineResource({
  name: 'Vlab',
  type: 'vlabs',
  schema: {
    course_id: z.int(),
    activity_id: z.int(),
    name: z.string(),
    url: z.string(),
    /** `url` with `lms_vlab_id` and `lms_user_id` of the caller: what the web app opens. */
    launch_url: z.string(),
    description: z.string().nullable(),
    settings: settingsSchema,
    index: z.int(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (vlab: ReadVlab) => ({
    course_id: Number(vlab.courseId),
    activity_id: Number(vlab.activityId),
    name: vlab.name,
    url: vlab.url,
    launch_url: vlab.launchUrl,
    description: vlab.description,
    settings: vlab.settings,
    index: vlab.index,
    created_at: vlab.createdAt,
    updated_at: vlab.updatedAt,
  }),
});

/** A result a lab reported. */
export const vlabResultResource = defineResource({
  name: 'VlabResult',
  type: 'vlab-results',
  schema: {
    vlab_id: z.int(),
    user_id: z.int(),
    score: z.number(),
    attempt_id: z.string().nullable(),
    duration_seconds: z.int().nullable(),
    finished_at: z.date(),
    created_at: z.date(),
  },
  attributes: (result: VlabResult) => ({
    vlab_id: Number(result.vlabId),
    user_id: Number(result.userId),
    score: result.score,
    attempt_id: result.attemptId,
    duration_seconds: result.durationSeconds,
    finished_at: result.finishedAt,
    created_at: result.createdAt,
  }),
});

/** A row of a lab's leaderboard; another student's name is null when the lab keeps names hidden. */
export interface LeaderboardRow {
  rank: number;
  userId: number | null;
  name: string | null;
  username: string | null;
  score: number;
  attempts: number;
  achievedAt: Date;
  isMe: boolean;
}

export const leaderboardResource = defineResource({
  name: 'VlabLeaderboardRow',
  type: 'vlab-leaderboards',
  schema: {
    rank: z.int(),
    user_id: z.int().nullable(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    /** The student's best score. */
    score: z.number(),
    attempts: z.int(),
    /** When the best score was first reached (ties rank by it, earlier first). */
    achieved_at: z.date(),
    is_me: z.boolean(),
  },
  id: (row: LeaderboardRow) => row.rank,
  attributes: (row: LeaderboardRow) => ({
    rank: row.rank,
    user_id: row.userId,
    name: row.name,
    username: row.username,
    score: row.score,
    attempts: row.attempts,
    achieved_at: row.achievedAt,
    is_me: row.isMe,
  }),
});

/** `GET /course/vlabs`: filter by course and activity; by activity then index. */
export const vlabQuery: QuerySpec = {
  filters: {
    course_id: { column: 'vlab.course_id', type: 'integer', ops: ['is', 'in'] },
    activity_id: { column: 'vlab.activity_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { index: 'vlab.index', id: 'vlab.id', name: 'vlab.name', created_at: 'vlab.created_at' },
  defaultSort: 'index,id',
  defaultLimit: 100,
};

/** `GET /course/vlabs/{id}/results`: the caller's (a student) or anyone's (staff, `filter[user_id]`). */
export const vlabResultQuery: QuerySpec = {
  filters: { user_id: { column: 'result.user_id', type: 'integer', ops: ['is', 'in'] } },
  sorts: { finished_at: 'result.finished_at', score: 'result.score', id: 'result.id' },
  defaultSort: 'finished_at,id',
  defaultLimit: 100,
};
