import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  applyQuery,
  attributePointer,
  notFound,
  parseAttributes,
  type ParsedQuery,
  unauthorized,
  unprocessable,
  type z,
} from '@lms/jsonapi';
import { CourseAccess, teachesSql } from '../courses/course-access.service';
import { Course } from '../courses/course.entity';
import { newSecret, signatureProblem } from './vlab-signature';
import { Vlab, VlabResult } from './vlab.entity';
import type { LeaderboardRow, ReadVlab } from './vlabs.resource';
import { type vlabCreateRules, vlabResultRules, type vlabUpdateRules } from './vlabs.rules';

/** Rows of the leaderboard a student sees unless the lab's settings say otherwise. */
const DEFAULT_LEADERBOARD_SIZE = 10;

/** What a lab's report brings besides its body: the signature headers and the exact bytes. */
export interface SignedReport {
  timestamp: string | undefined;
  signature: string | undefined;
  raw: Buffer;
  body: unknown;
}

/**
 * Virtual labs of a course's activities: the teaching staff make, change and delete them (and
 * get the secret a lab signs its results with); the course's members read them, open them, and
 * read the leaderboard; a student reads their own results, the staff everyone's. Results come
 * from the lab itself, signed (docs/virtual-labs.md).
 */
@Injectable()
export class VlabsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
  ) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadVlab[], number]> {
    const qb = this.dataSource
      .getRepository(Vlab)
      .createQueryBuilder('vlab')
      .innerJoin(Course, 'course', 'course.id = vlab.course_id')
      .innerJoin('activities', 'act', 'act.id = vlab.activity_id AND act.deleted_at IS NULL')
      .where('vlab.tenant_id = :tenantId', { tenantId: auth.tenantId });
    if (auth.role !== 'admin')
      qb.andWhere(
        `(${teachesSql('course')} OR (act.is_active AND EXISTS (SELECT 1 FROM class_students cs_v
           JOIN classes cl_v ON cl_v.id = cs_v.class_id WHERE cl_v.course_id = course.id AND cs_v.user_id = :me)))`,
        { me: auth.userId },
      );
    const [vlabs, total] = await applyQuery(qb, query).getManyAndCount();
    return [vlabs.map((vlab) => launchable(vlab, auth)), total];
  }

  async get(auth: AuthContext, id: number): Promise<ReadVlab> {
    return launchable((await this.readable(auth, id)).vlab, auth);
  }

  /** A lab on an activity of a course the caller teaches; answers it with its new secret. */
  async create(auth: AuthContext, input: z.output<typeof vlabCreateRules>) {
    const [activity]: Array<{ course_id: number }> = await this.dataSource.query(
      `SELECT m.course_id FROM activities a JOIN modules m ON m.id = a.module_id JOIN courses c ON c.id = m.course_id
        WHERE a.id = $1 AND c.tenant_id = $2 AND a.deleted_at IS NULL AND m.deleted_at IS NULL`,
      [input.activity_id, auth.tenantId],
    );
    if (!activity || (input.course_id !== undefined && input.course_id !== activity.course_id))
      throw unprocessable([
        {
          pointer: attributePointer('activity_id'),
          detail: `Activity ${input.activity_id} is not an activity of the course`,
        },
      ]);
    await this.access.requireTeaching(auth, activity.course_id);
    const secret = newSecret();
    const vlab = await this.dataSource.transaction(async (manager) => {
      const [{ count }]: Array<{ count: number }> = await manager.query(
        `SELECT count(*)::int AS count FROM vlabs WHERE activity_id = $1`,
        [input.activity_id],
      );
      return manager.save(
        Object.assign(new Vlab(), {
          tenantId: auth.tenantId,
          courseId: activity.course_id,
          activityId: input.activity_id,
          name: input.name.trim() || input.name,
          url: input.url,
          description: input.description ?? null,
          settings: input.settings ?? {},
          index: input.index ?? count,
          secret,
          createdBy: auth.userId,
        }),
      );
    });
    return { vlab: await this.get(auth, vlab.id), secret };
  }

  async update(auth: AuthContext, id: number, input: z.output<typeof vlabUpdateRules>): Promise<ReadVlab> {
    const { vlab } = await this.taught(auth, id);
    const changes: Partial<Vlab> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.url !== undefined) changes.url = input.url;
    if (input.description !== undefined) changes.description = input.description;
    if (input.settings !== undefined) changes.settings = input.settings;
    if (input.index !== undefined) changes.index = input.index;
    if (Object.keys(changes).length > 0)
      await this.dataSource.getRepository(Vlab).update({ id: vlab.id }, changes);
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const { vlab } = await this.taught(auth, id);
    await this.dataSource.getRepository(Vlab).delete({ id: vlab.id });
  }

  /** A new secret for the lab (the old one stops working at once), shown this once. */
  async rotateSecret(auth: AuthContext, id: number): Promise<{ vlab: ReadVlab; secret: string }> {
    const { vlab } = await this.taught(auth, id);
    const secret = newSecret();
    await this.dataSource.getRepository(Vlab).update({ id: vlab.id }, { secret });
    return { vlab: await this.get(auth, id), secret };
  }

  /**
   * A result the lab reports for a student of the course, checked against the lab's secret
   * before anything else is looked at (401 and nothing stored otherwise). A report with an
   * `attempt_id` already stored is that result again (the lab may retry).
   */
  async report(vlabId: number, report: SignedReport): Promise<VlabResult> {
    const vlab = await this.dataSource
      .getRepository(Vlab)
      .createQueryBuilder('vlab')
      .addSelect('vlab.secret')
      .where('vlab.id = :vlabId', { vlabId })
      .getOne();
    if (!vlab) throw notFound('Virtual lab not found');
    const problem = signatureProblem(vlab.secret, report.timestamp, report.signature, report.raw);
    if (problem) throw unauthorized(problem);
    const input = parseAttributes(vlabResultRules, report.body);
    if (input.user_id === undefined && input.username === undefined)
      throw unprocessable([
        { pointer: attributePointer('user_id'), detail: 'user_id or username is required' },
      ]);
    const [student]: Array<{ id: number }> = await this.dataSource.query(
      `SELECT u.id FROM users u WHERE u.tenant_id = $1 AND ($2::bigint IS NULL OR u.id = $2)
          AND ($3::text IS NULL OR u.username = $3)
          AND EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                       WHERE cl.course_id = $4 AND cs.user_id = u.id)`,
      [vlab.tenantId, input.user_id ?? null, input.username ?? null, vlab.courseId],
    );
    if (!student)
      throw unprocessable([
        {
          pointer: attributePointer(input.user_id !== undefined ? 'user_id' : 'username'),
          detail: 'Not a student of the course of this lab',
        },
      ]);
    const repository = this.dataSource.getRepository(VlabResult);
    const inserted: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO vlab_results (vlab_id, user_id, score, attempt_id, duration_seconds, finished_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()))
       ON CONFLICT (vlab_id, attempt_id) DO NOTHING RETURNING id`,
      [
        vlab.id,
        student.id,
        input.score,
        input.attempt_id ?? null,
        input.duration_seconds ?? null,
        input.finished_at ?? null,
      ],
    );
    if (inserted.length > 0) return (await repository.findOneBy({ id: inserted[0].id }))!;
    return (await repository.findOneBy({ vlabId: vlab.id, attemptId: input.attempt_id! }))!;
  }

  /** The lab's results: a student's own, or (staff) everyone's. */
  async results(auth: AuthContext, vlabId: number, query: ParsedQuery): Promise<[VlabResult[], number]> {
    const { vlab, staff } = await this.readable(auth, vlabId);
    const qb = this.dataSource
      .getRepository(VlabResult)
      .createQueryBuilder('result')
      .where('result.vlab_id = :vlabId', { vlabId: vlab.id });
    if (!staff) qb.andWhere('result.user_id = :me', { me: auth.userId });
    return applyQuery(qb, query).getManyAndCount();
  }

  /**
   * Best score per student of the course, ties ranked by who reached it first. The staff see every
   * row with names; a student sees the top rows (`leaderboard_size`) and always their own, the
   * others' names only when the lab's settings `show_names`.
   */
  async leaderboard(auth: AuthContext, vlabId: number): Promise<LeaderboardRow[]> {
    const { vlab, staff } = await this.readable(auth, vlabId);
    const rows: Array<{
      rank: number;
      user_id: number;
      name: string | null;
      username: string | null;
      score: number;
      attempts: number;
      achieved_at: Date;
    }> = await this.dataSource.query(
      `WITH students AS (
         SELECT DISTINCT cs.user_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id WHERE cl.course_id = $2
       ), best AS (
         SELECT DISTINCT ON (r.user_id) r.user_id, r.score, r.finished_at
           FROM vlab_results r JOIN students s ON s.user_id = r.user_id
          WHERE r.vlab_id = $1 ORDER BY r.user_id, r.score DESC, r.finished_at, r.id
       ), tries AS (
         SELECT user_id, count(*)::int AS attempts FROM vlab_results WHERE vlab_id = $1 GROUP BY user_id
       )
       SELECT (row_number() OVER (ORDER BY b.score DESC, b.finished_at, b.user_id))::int AS rank,
              b.user_id, u.name, u.username, b.score, t.attempts, b.finished_at AS achieved_at
         FROM best b JOIN tries t ON t.user_id = b.user_id LEFT JOIN users u ON u.id = b.user_id
        ORDER BY rank`,
      [vlab.id, vlab.courseId],
    );
    const showNames = staff || vlab.settings.show_names === true;
    const size = staff ? Infinity : (vlab.settings.leaderboard_size ?? DEFAULT_LEADERBOARD_SIZE);
    return rows
      .filter((row) => row.rank <= size || row.user_id === auth.userId)
      .map((row) => {
        const isMe = row.user_id === auth.userId;
        const named = showNames || isMe;
        return {
          rank: row.rank,
          userId: named ? row.user_id : null,
          name: named ? (row.name ?? `#${row.user_id}`) : null,
          username: named ? row.username : null,
          score: row.score,
          attempts: row.attempts,
          achievedAt: row.achieved_at,
          isMe,
        };
      });
  }

  /**
   * The lab, if the caller may read it: staff of its course, admins of its campus, students of
   * its course while its activity is active. 404 otherwise.
   */
  private async readable(auth: AuthContext, id: number): Promise<{ vlab: Vlab; staff: boolean }> {
    const vlab = await this.dataSource
      .getRepository(Vlab)
      .createQueryBuilder('vlab')
      .innerJoin('activities', 'act', 'act.id = vlab.activity_id AND act.deleted_at IS NULL')
      .where('vlab.id = :id AND vlab.tenant_id = :tenantId', { id, tenantId: auth.tenantId })
      .getOne();
    if (!vlab) throw notFound('Virtual lab not found');
    const role = await this.access.courseRole(auth.tenantId, vlab.courseId, auth.userId);
    const staff = (role !== null && role !== 'STUDENT') || auth.role === 'admin';
    if (!staff && role !== 'STUDENT') throw notFound('Virtual lab not found');
    if (!staff) {
      const [active]: Array<{ is_active: boolean }> = await this.dataSource.query(
        `SELECT is_active FROM activities WHERE id = $1`,
        [vlab.activityId],
      );
      if (!active?.is_active) throw notFound('Virtual lab not found');
    }
    return { vlab, staff };
  }

  /** The lab, if the caller teaches its course (a student of it: 403). */
  private async taught(auth: AuthContext, id: number): Promise<{ vlab: Vlab }> {
    const vlab = await this.dataSource.getRepository(Vlab).findOneBy({ id, tenantId: auth.tenantId });
    if (!vlab) throw notFound('Virtual lab not found');
    await this.access.requireTeaching(auth, vlab.courseId);
    return { vlab };
  }
}

/** The lab with the URL the caller opens it with: its own, plus `lms_vlab_id` and `lms_user_id`. */
function launchable(vlab: Vlab, auth: AuthContext): ReadVlab {
  const url = new URL(vlab.url);
  url.searchParams.set('lms_vlab_id', String(vlab.id));
  url.searchParams.set('lms_user_id', String(auth.userId));
  return Object.assign(vlab, { launchUrl: url.toString() });
}
