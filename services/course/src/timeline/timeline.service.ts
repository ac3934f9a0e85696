import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, notFound } from '@lms/jsonapi';
import { TIMELINE_KINDS, type TimelineKind } from '../work/timeline-entry.entity';
import type { TimelineItem, TimelineStatistic } from './timeline.resource';

/** Whose timeline is read, and of which courses (null: all of theirs). */
export interface TimelineOwner {
  userId: number;
  courseIds: number[] | null;
  /** The reader is the owner: scores a task does not show yet are left out. */
  self: boolean;
}

/** A position in a timeline: after the entry at `occurredAt` with `id` (newest first). */
interface Cursor {
  occurredAt: Date;
  id: number;
}

/**
 * `bucketId`, the timeline's opaque cursor: base64url of the last entry's time and id. The next
 * page holds the entries older than it, so entries added meanwhile shift nothing.
 */
export function encodeBucket(cursor: Cursor): string {
  return Buffer.from(`${cursor.occurredAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeBucket(bucketId: unknown): Cursor | null {
  if (bucketId === undefined || bucketId === '') return null;
  const invalid = () => badRequest('bucketId is not a cursor this timeline gave', 'bucketId');
  if (typeof bucketId !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(bucketId)) throw invalid();
  const [time, id] = Buffer.from(bucketId, 'base64url').toString().split('|');
  const occurredAt = new Date(time);
  if (
    !/^\d{4}-\d{2}-\d{2}T/.test(time ?? '') ||
    Number.isNaN(occurredAt.getTime()) ||
    !/^\d{1,15}$/.test(id ?? '')
  )
    throw invalid();
  return { occurredAt, id: Number(id) };
}

interface EntryRow {
  id: string | number;
  kind: TimelineKind;
  item_id: string | number;
  item_name: string | null;
  subject_id: string | number;
  course_id: string | number;
  course_name: string;
  actor_id: string | number | null;
  actor_name: string | null;
  detail: Record<string, unknown>;
  occurred_at: Date;
  score_hidden: boolean;
}

/** What an entry of a kind is about. */
function itemTypeOf(kind: TimelineKind): TimelineItem['itemType'] {
  if (kind.startsWith('exam_')) return 'exam';
  return kind.startsWith('task_') ? 'task' : 'content';
}

/** Scores and pass marks, which a student reads only when the task shows them. */
const SCORE_DETAIL = ['score', 'is_passed'];

/**
 * Timelines (spec 02 §7): what a user did and had done to their work, from `timeline_entries`,
 * newest first; who may read whose: oneself, the staff of a course a student is in (that course's
 * entries only), the campus's admins. Anyone else's, or another campus's user, is a 404.
 */
@Injectable()
export class TimelineService {
  constructor(private readonly dataSource: DataSource) {}

  async owner(auth: AuthContext, profile: string): Promise<TimelineOwner> {
    if (profile === 'me') return { userId: auth.userId, courseIds: null, self: true };
    if (!/^\d{1,15}$/.test(profile)) throw notFound('User not found');
    const userId = Number(profile);
    if (userId === auth.userId) return { userId, courseIds: null, self: true };
    if (auth.role === 'admin') {
      const known: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM users WHERE id = $1 AND tenant_id = $2`,
        [userId, auth.tenantId],
      );
      if (known.length === 0) throw notFound('User not found');
      return { userId, courseIds: null, self: false };
    }
    const taught: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT c.id FROM courses c
         JOIN classes cl ON cl.course_id = c.id
         JOIN class_students cs ON cs.class_id = cl.id AND cs.user_id = $3
        WHERE c.tenant_id = $1
          AND (c.lecturer_id = $2
               OR EXISTS (SELECT 1 FROM course_assistants ca WHERE ca.course_id = c.id AND ca.user_id = $2))`,
      [auth.tenantId, auth.userId, userId],
    );
    if (taught.length === 0) throw notFound('User not found');
    return { userId, courseIds: taught.map((row) => Number(row.id)), self: false };
  }

  /** A page of the owner's timeline after `bucketId` (newest first), and the cursor of the next page. */
  async page(
    auth: AuthContext,
    owner: TimelineOwner,
    bucketId: unknown,
    limit: number,
  ): Promise<{ items: TimelineItem[]; next: string | null }> {
    const cursor = decodeBucket(bucketId);
    const parameters: unknown[] = [owner.userId, auth.tenantId, owner.courseIds, owner.self];
    let after = '';
    if (cursor) {
      parameters.push(cursor.occurredAt, cursor.id);
      after = `AND (te.occurred_at, te.id) < ($5, $6)`;
    }
    parameters.push(limit + 1);
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT te.id, te.kind, te.item_id, te.subject_id, te.course_id, te.actor_id, te.detail, te.occurred_at,
              c.name AS course_name, COALESCE(e.title, t.title, ct.name) AS item_name, u.name AS actor_name,
              ($4 AND te.kind = 'task_scored' AND NOT COALESCE(t.show_score, FALSE)) AS score_hidden
         FROM timeline_entries te
         JOIN courses c ON c.id = te.course_id
         LEFT JOIN exam_projections e ON te.kind LIKE 'exam\\_%' AND e.id = te.item_id
         LEFT JOIN task_projections t ON te.kind LIKE 'task\\_%' AND t.id = te.item_id
         LEFT JOIN contents ct ON te.kind LIKE 'content\\_%' AND ct.id = te.item_id
         LEFT JOIN users u ON u.id = te.actor_id
        WHERE te.user_id = $1 AND te.tenant_id = $2
          AND ($3::bigint[] IS NULL OR te.course_id = ANY($3::bigint[])) ${after}
        ORDER BY te.occurred_at DESC, te.id DESC
        LIMIT $${parameters.length}`,
      parameters,
    );
    const more = rows.length > limit;
    const items = rows.slice(0, limit).map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      itemType: itemTypeOf(row.kind),
      itemId: Number(row.item_id),
      itemName: row.item_name,
      subjectId: Number(row.subject_id),
      courseId: Number(row.course_id),
      courseName: row.course_name,
      actorId: row.actor_id === null ? null : Number(row.actor_id),
      actorName: row.actor_name,
      detail: row.score_hidden
        ? Object.fromEntries(Object.entries(row.detail).filter(([key]) => !SCORE_DETAIL.includes(key)))
        : row.detail,
      occurredAt: row.occurred_at,
    }));
    const last = items.at(-1);
    return { items, next: more && last ? encodeBucket({ occurredAt: last.occurredAt, id: last.id }) : null };
  }

  /** Counts of the owner's entries per kind and per week (Monday to Sunday on the campus's clocks). */
  async statistic(auth: AuthContext, owner: TimelineOwner, weeks: number): Promise<TimelineStatistic> {
    const rows: Array<{ week_start: string; kind: TimelineKind | null; count: number }> =
      await this.dataSource.query(
        `WITH weeks AS (
         SELECT generate_series(date_trunc('week', now() AT TIME ZONE $4) - make_interval(weeks => $5 - 1),
                                date_trunc('week', now() AT TIME ZONE $4), interval '1 week') AS week_start
       )
       SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start, te.kind, count(te.id)::int AS count
         FROM weeks w
         LEFT JOIN timeline_entries te
           ON te.user_id = $1 AND te.tenant_id = $2
          AND ($3::bigint[] IS NULL OR te.course_id = ANY($3::bigint[]))
          AND te.occurred_at >= w.week_start AT TIME ZONE $4
          AND te.occurred_at < (w.week_start + interval '1 week') AT TIME ZONE $4
        GROUP BY w.week_start, te.kind
        ORDER BY w.week_start`,
        [owner.userId, auth.tenantId, owner.courseIds, auth.timeZone, weeks],
      );
    const zero = () =>
      Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, 0])) as Record<TimelineKind, number>;
    const byWeek = new Map<string, Record<TimelineKind, number>>();
    const totals = zero();
    for (const row of rows) {
      const counts = byWeek.get(row.week_start) ?? zero();
      byWeek.set(row.week_start, counts);
      if (row.kind === null) continue;
      counts[row.kind] += row.count;
      totals[row.kind] += row.count;
    }
    return {
      userId: owner.userId,
      weeks: [...byWeek].map(([weekStart, counts]) => ({
        weekStart,
        counts,
        total: Object.values(counts).reduce((sum, count) => sum + count, 0),
      })),
      totals,
    };
  }
}
