import type { EntityManager } from 'typeorm';
import type { NotificationType } from './notification.entity';

/** One kind of notification to some users: what it is about and where it leads. */
export interface NotificationDraft {
  type: NotificationType;
  objectId: number;
  courseId: number | null;
  link: string;
  /** Unique per user: the same key twice makes one notification. */
  dedupeKey: string;
}

/** A recipient and what their own notification says (their score, their mark). */
export interface Recipient {
  userId: number;
  data: Record<string, unknown>;
}

/**
 * Writes the notification to each recipient, in the transaction of the event being consumed; a
 * recipient who already has one with the same key gets nothing new. Its data names its course
 * (`course`, as the courses projection knows it then), for the texts. How many were written.
 */
export async function notify(
  manager: EntityManager,
  tenantId: number,
  draft: NotificationDraft,
  recipients: readonly Recipient[],
): Promise<number> {
  if (recipients.length === 0) return 0;
  const course = draft.courseId === null ? null : await courseName(manager, tenantId, draft.courseId);
  const rows: unknown[] = await manager.query(
    `INSERT INTO notifications (tenant_id, user_id, type, object_id, course_id, link, dedupe_key, data)
     SELECT $1, r.user_id, $2, $3, $4, $5, $6, r.data
       FROM unnest($7::bigint[], $8::jsonb[]) AS r(user_id, data)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING
     RETURNING id`,
    [
      tenantId,
      draft.type,
      draft.objectId,
      draft.courseId,
      draft.link,
      draft.dedupeKey,
      recipients.map((recipient) => recipient.userId),
      recipients.map((recipient) =>
        JSON.stringify(course === null ? recipient.data : { course, ...recipient.data }),
      ),
    ],
  );
  return rows.length;
}

/** The same data for every user. */
export const everyone = (userIds: readonly number[], data: Record<string, unknown> = {}): Recipient[] =>
  [...new Set(userIds)].map((userId) => ({ userId, data }));

/** The students enrolled in the course now, in the given classes (none given: every class). */
export async function courseStudents(
  manager: EntityManager,
  tenantId: number,
  courseId: number,
  classIds: readonly number[] = [],
): Promise<number[]> {
  const rows: Array<{ user_id: string }> = await manager.query(
    `SELECT DISTINCT user_id FROM course_students
      WHERE tenant_id = $1 AND course_id = $2 AND enrolled
        AND (cardinality($3::bigint[]) = 0 OR class_id = ANY($3::bigint[]))
      ORDER BY user_id`,
    [tenantId, courseId, classIds],
  );
  return rows.map((row) => Number(row.user_id));
}

/** The course's name as the courses projection knows it (null before it learnt of the course). */
async function courseName(manager: EntityManager, tenantId: number, courseId: number) {
  const rows: Array<{ name: string }> = await manager.query(
    `SELECT name FROM courses WHERE id = $1 AND tenant_id = $2`,
    [courseId, tenantId],
  );
  return rows[0]?.name ?? null;
}

/** The campus's time zone as the tenants projection knows it (UTC before it learnt of it). */
export async function campusTimeZone(manager: EntityManager, tenantId: number): Promise<string> {
  const rows: Array<{ time_zone: string }> = await manager.query(
    `SELECT time_zone FROM tenants WHERE id = $1`,
    [tenantId],
  );
  return rows[0]?.time_zone ?? 'UTC';
}

/** A person's name as the users projection knows it (null before it learnt of them). */
export async function personName(manager: EntityManager, tenantId: number, userId: number) {
  const rows: Array<{ name: string }> = await manager.query(
    `SELECT name FROM users WHERE id = $1 AND tenant_id = $2`,
    [userId, tenantId],
  );
  return rows[0]?.name ?? null;
}
