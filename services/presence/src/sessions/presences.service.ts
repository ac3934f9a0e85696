import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  type AttributesOf,
  conflict,
  defineList,
  forbidden,
  formatWireDate,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { PresenceDetail, PresenceSession, statusOf } from './presence.entity';
import type { DetailRow, PresenceClassRow, PresenceCounts, ReadPresence } from './presences.resource';
import type {
  manualMarkRules,
  presenceCreateRules,
  presenceOpenRules,
  PresenceSettings,
  presenceUpdateRules,
} from './presences.rules';
import { ROSTER_SQL, type RosterRow } from './roster.sql';
import { recordSessionSent } from './session-sent.event';

/** Letters and digits that cannot be mistaken for one another on a projector. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
const MINUTE = 60_000;
/** A session opened by `POST /presence`: 100 minutes, students check in during the first 15. */
export const OPENED_SESSION_MINUTES = 100;
export const OPENED_WINDOW_MINUTES = 15;

/** A new check-in code. */
export const newCheckInCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The reader (`:me`) teaches the session's course. */
const STAFF_SQL = `EXISTS (SELECT 1 FROM course_staff cs
  WHERE cs.course_id = presence.course_id AND cs.user_id = :me AND cs.tenant_id = presence.tenant_id)`;
/** The reader is an administrator of the campus: they read every session of it (`:isAdmin`). */
const ADMIN_SQL = `:isAdmin::boolean`;
/** The reader (`:me`) is an enrolled student of the session's class. */
const STUDENT_SQL = `EXISTS (SELECT 1 FROM course_students st
  WHERE st.class_id = presence.class_id AND st.user_id = :me AND st.tenant_id = presence.tenant_id AND st.enrolled)`;

const toDetail = (row: RosterRow): DetailRow => ({
  user_id: Number(row.user_id),
  code: row.code,
  name: row.name ?? '',
  role: 'STUDENT',
  status: row.status === null ? null : row.status === 1 ? 1 : 0,
  type: row.type,
  marked_at: row.marked_at,
  source: row.source,
});

const sessionList = defineList<PresenceSession>({ entity: PresenceSession, alias: 'presence' });

const invalid = (issues: ValidationIssue[]) => unprocessable(issues);
const issue = (field: string, detail: string): ValidationIssue => ({
  pointer: attributePointer(field),
  detail,
});

/**
 * Attendance of class sessions (spec 03 §3, §7 "Presence"): the lecturer and assistants of a
 * course open sessions for its classes and mark their students; the students of the class read
 * the sessions and their own mark and check themselves in (CheckInService). Sending a session
 * closes it for good. Another campus's session, or one the caller may not read, is a 404; a
 * student on a staff call is a 403.
 */
@Injectable()
export class PresencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
  ) {}

  /** `GET /course/presences`: the sessions the caller may read (their courses' or their class's). */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadPresence[], number]> {
    const [rows, total] = await sessionList.page(
      this.dataSource,
      {
        where: ['presence.tenant_id = :tenantId', `(${ADMIN_SQL} OR ${STAFF_SQL} OR ${STUDENT_SQL})`],
        params: { tenantId: auth.tenantId, me: auth.userId, isAdmin: auth.role === 'admin' },
      },
      query,
    );
    return [await this.decorate(auth, rows, false), total];
  }

  /** One session with its students (staff) or the caller's own row (a student). */
  async get(auth: AuthContext, id: number): Promise<ReadPresence> {
    const session = await this.readable(auth, id);
    const [read] = await this.decorate(auth, [session], true);
    return read;
  }

  /** The session if the caller may read it; 404 otherwise. */
  async readable(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PresenceSession> {
    const session = await manager.findOneBy(PresenceSession, { id, tenantId: auth.tenantId });
    if (session && (await this.roleIn(auth, session, manager)) !== null) return session;
    throw notFound('Presence not found');
  }

  /**
   * The caller in the session: its staff, an administrator of the campus (who reads it), a
   * student of its class, or nobody (null).
   */
  async roleIn(
    auth: AuthContext,
    session: PresenceSession,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<'staff' | 'admin' | 'student' | null> {
    if (await this.projections.canAuthor(auth, Number(session.courseId), manager)) return 'staff';
    if (auth.role === 'admin') return 'admin';
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM course_students WHERE class_id = $1 AND user_id = $2 AND tenant_id = $3 AND enrolled`,
      [session.classId, auth.userId, auth.tenantId],
    );
    return rows.length > 0 ? 'student' : null;
  }

  /**
   * The session locked for a write by its staff: 404 when the caller may not read it, 403 for a
   * student of its class, 409 once it was sent (unless `whenSent` is `allow`: sending again).
   */
  async lockedForWrite(
    manager: EntityManager,
    auth: AuthContext,
    id: number,
    whenSent: 'refuse' | 'allow' = 'refuse',
  ): Promise<PresenceSession> {
    const session = await manager.findOne(PresenceSession, {
      where: { id, tenantId: auth.tenantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!session) throw notFound('Presence not found');
    const role = await this.roleIn(auth, session, manager);
    if (role === null) throw notFound('Presence not found');
    if (role !== 'staff') throw forbidden('Only the lecturer and assistants of the course may do this');
    if (whenSent === 'refuse') this.assertNotSent(session, auth.timeZone);
    return session;
  }

  /** 409 once the session was sent: its attendance is final. */
  assertNotSent(session: PresenceSession, timeZone: string): void {
    if (session.isSent)
      throw conflict(
        `This session was sent on ${formatWireDate(session.sentAt ?? session.updatedAt, timeZone)}: ` +
          'its attendance is final and can no longer change',
        'presence_sent',
      );
  }

  /** `POST /course/presences`: a session of a class of a course the caller teaches. */
  async create(auth: AuthContext, input: AttributesOf<typeof presenceCreateRules>): Promise<ReadPresence> {
    await this.assertStaffOf(auth, input.course_id);
    const classes = await this.projections.classesOfCourse(auth.tenantId, input.course_id);
    if (!classes.some((item) => Number(item.id) === input.class_id))
      throw invalid([issue('class_id', 'Class ID is not a class of this course')]);
    const session = Object.assign(new PresenceSession(), {
      tenantId: auth.tenantId,
      courseId: input.course_id,
      classId: input.class_id,
      actCode: null,
      note: null,
      topics: [],
      checkInCode: newCheckInCode(),
      isSent: false,
      sentAt: null,
      createdBy: auth.userId,
    } satisfies Partial<PresenceSession>);
    const id = await this.unit.run(async (manager) => {
      await this.apply(manager, session, input);
      return (await manager.save(session)).id;
    });
    return this.get(auth, id);
  }

  /** `PATCH /course/presences/{id}`: the fields sent, nothing else; never after it was sent. */
  async update(
    auth: AuthContext,
    id: number,
    input: AttributesOf<typeof presenceUpdateRules>,
  ): Promise<ReadPresence> {
    await this.unit.run(async (manager) => {
      const session = await this.lockedForWrite(manager, auth, id);
      const moved: ValidationIssue[] = [];
      if (input.course_id !== undefined && input.course_id !== Number(session.courseId))
        moved.push(issue('course_id', 'course_id cannot change: a session stays in its course'));
      if (input.class_id !== undefined && input.class_id !== Number(session.classId))
        moved.push(issue('class_id', 'class_id cannot change: a session stays in its class'));
      if (moved.length > 0) throw invalid(moved);
      await this.apply(manager, session, input);
      if (input.regenerate_code === true) session.checkInCode = newCheckInCode();
      await manager.save(session);
    });
    return this.get(auth, id);
  }

  /**
   * `POST /presence`: a session now for each class of each course the caller teaches in the
   * period (or of `course_id` only); a class whose session is open now keeps it.
   */
  async open(auth: AuthContext, input: AttributesOf<typeof presenceOpenRules>): Promise<ReadPresence[]> {
    const taught = await this.projections.coursesTaughtBy(auth);
    if (input.course_id !== undefined && !taught.includes(input.course_id))
      throw notFound('Course not found');
    const courseIds = input.course_id !== undefined ? [input.course_id] : taught;
    const courses: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM courses WHERE tenant_id = $1 AND period_id = $2 AND id = ANY($3::bigint[]) ORDER BY id`,
      [auth.tenantId, input.period_id, courseIds],
    );
    if (input.course_id !== undefined && courses.length === 0)
      throw invalid([issue('period_id', 'the course is not of this period')]);
    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const ids = await this.unit.run(async (manager) => {
      const opened: number[] = [];
      for (const course of courses)
        for (const courseClass of await this.projections.classesOfCourse(
          auth.tenantId,
          Number(course.id),
          manager,
        )) {
          const [current]: Array<{ id: string }> = await manager.query(
            `SELECT id FROM presences WHERE tenant_id = $1 AND class_id = $2 AND NOT is_sent
               AND presence_start <= now() AND presence_end >= now() ORDER BY start_at DESC LIMIT 1`,
            [auth.tenantId, courseClass.id],
          );
          if (current) {
            opened.push(Number(current.id));
            continue;
          }
          const session = manager.create(PresenceSession, {
            tenantId: auth.tenantId,
            courseId: Number(course.id),
            classId: Number(courseClass.id),
            actCode: null,
            note: null,
            topics: [],
            startAt: start,
            endAt: new Date(start.getTime() + OPENED_SESSION_MINUTES * MINUTE),
            presenceStart: start,
            presenceEnd: new Date(start.getTime() + OPENED_WINDOW_MINUTES * MINUTE),
            checkInCode: newCheckInCode(),
            isSent: false,
            sentAt: null,
            createdBy: auth.userId,
          });
          opened.push(Number((await manager.save(session)).id));
        }
      return opened;
    });
    if (ids.length === 0) return [];
    const sessions = await this.dataSource.getRepository(PresenceSession).find({
      where: { id: In(ids), tenantId: auth.tenantId },
      order: { courseId: 'ASC', classId: 'ASC' },
    });
    return this.decorate(auth, sessions, false);
  }

  /** `PUT /course/presences/{id}/manual`: sets (`update`) or clears (`delete`) a student's mark. */
  async manual(
    auth: AuthContext,
    id: number,
    input: AttributesOf<typeof manualMarkRules>,
  ): Promise<ReadPresence> {
    await this.unit.run(async (manager) => {
      const session = await this.lockedForWrite(manager, auth, id);
      const known: unknown[] = await manager.query(
        `SELECT 1 FROM course_students WHERE class_id = $1 AND user_id = $2 AND tenant_id = $3 AND enrolled
         UNION ALL SELECT 1 FROM presence_details WHERE presence_id = $4 AND user_id = $2`,
        [session.classId, input.user_id, auth.tenantId, id],
      );
      if (known.length === 0) throw invalid([issue('user_id', 'user_id is not a student of this class')]);
      if (input.action === 'delete') {
        await manager.delete(PresenceDetail, { presenceId: id, userId: input.user_id });
        return;
      }
      if (input.type === undefined) throw invalid([issue('type', 'type is required')]);
      const status = statusOf(input.type);
      if (input.status !== undefined && input.status !== status)
        throw invalid([issue('status', `status of ${input.type} is ${status}, not ${input.status}`)]);
      await manager.upsert(
        PresenceDetail,
        {
          presenceId: id,
          userId: input.user_id,
          tenantId: auth.tenantId,
          type: input.type,
          status,
          source: 'manual',
          markedBy: auth.userId,
          markedAt: new Date(),
        },
        ['presenceId', 'userId'],
      );
    });
    return this.get(auth, id);
  }

  /**
   * `PATCH /presence/{id}` `{is_sent: 1}`: closes the session for good and records
   * `presence.session.sent` with every student's mark. Sending it again changes nothing;
   * `is_sent: 0` once sent is a 409.
   */
  async send(auth: AuthContext, id: number, isSent: boolean): Promise<ReadPresence> {
    await this.unit.run(async (manager) => {
      const session = await this.lockedForWrite(manager, auth, id, isSent ? 'allow' : 'refuse');
      if (session.isSent || !isSent) return;
      session.isSent = true;
      session.sentAt = new Date();
      await manager.save(session);
      await recordSessionSent(manager, session, auth.userId);
    });
    return this.get(auth, id);
  }

  /**
   * `GET /course/presences/list`: the classes the caller teaches or studies in (an administrator:
   * every class of the campus), with how many
   * sessions each has (and how many were sent), by course then class.
   */
  async classes(
    auth: AuthContext,
    filters: { courseId?: number; periodId?: number },
    page: { limit: number; offset: number },
  ): Promise<[PresenceClassRow[], number]> {
    const rows: Array<{
      class_id: string;
      class_name: string;
      course_id: string;
      course_name: string;
      course_code: string | null;
      period_id: string | null;
      role: PresenceClassRow['role'];
      sessions: number;
      sent: number;
      last_start_at: Date | null;
      total: number;
    }> = await this.dataSource.query(
      `WITH mine AS (
         SELECT cc.id AS class_id, cs.role FROM course_staff cs
           JOIN course_classes cc ON cc.course_id = cs.course_id AND cc.tenant_id = cs.tenant_id
          WHERE cs.user_id = $1 AND cs.tenant_id = $2
         UNION
         SELECT st.class_id, 'student' FROM course_students st
          WHERE st.user_id = $1 AND st.tenant_id = $2 AND st.enrolled
            AND NOT EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = st.course_id AND cs.user_id = $1)
         UNION
         SELECT cc.id, 'admin' FROM course_classes cc
          WHERE cc.tenant_id = $2 AND $7::boolean
            AND NOT EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = cc.course_id AND cs.user_id = $1)
            AND NOT EXISTS (SELECT 1 FROM course_students st WHERE st.class_id = cc.id AND st.user_id = $1 AND st.enrolled))
       SELECT cc.id AS class_id, cc.name AS class_name, c.id AS course_id, c.name AS course_name,
              c.code AS course_code, c.period_id, m.role,
              (SELECT count(*)::int FROM presences p WHERE p.class_id = cc.id AND p.tenant_id = $2) AS sessions,
              (SELECT count(*)::int FROM presences p WHERE p.class_id = cc.id AND p.tenant_id = $2 AND p.is_sent) AS sent,
              (SELECT max(p.start_at) FROM presences p WHERE p.class_id = cc.id AND p.tenant_id = $2) AS last_start_at,
              count(*) OVER ()::int AS total
         FROM mine m
         JOIN course_classes cc ON cc.id = m.class_id
         JOIN courses c ON c.id = cc.course_id AND c.tenant_id = $2
        WHERE ($3::bigint IS NULL OR c.id = $3) AND ($4::bigint IS NULL OR c.period_id = $4)
        ORDER BY c.name, c.id, cc.name, cc.id
        LIMIT $5 OFFSET $6`,
      [
        auth.userId,
        auth.tenantId,
        filters.courseId ?? null,
        filters.periodId ?? null,
        page.limit,
        page.offset,
        auth.role === 'admin',
      ],
    );
    const total = rows[0]?.total ?? 0;
    return [
      rows.map((row) => ({
        classId: Number(row.class_id),
        className: row.class_name,
        courseId: Number(row.course_id),
        courseName: row.course_name,
        courseCode: row.course_code,
        periodId: row.period_id === null ? null : Number(row.period_id),
        role: row.role,
        sessions: row.sessions,
        sent: row.sent,
        lastStartAt: row.last_start_at,
      })),
      total,
    ];
  }

  /** The students of sessions with their marks, by session id. */
  async rosters(ids: readonly number[], manager: EntityManager = this.dataSource.manager) {
    const byId = new Map<number, DetailRow[]>();
    if (ids.length === 0) return byId;
    const rows: RosterRow[] = await manager.query(ROSTER_SQL, [ids]);
    for (const row of rows) {
      const list = byId.get(Number(row.presence_id)) ?? [];
      list.push(toDetail(row));
      byId.set(Number(row.presence_id), list);
    }
    return byId;
  }

  /**
   * The caller teaches the course, or (`admins: 'read'`) administers its campus: 404 unless the
   * course is the campus's and the caller in it or its administrator; 403 for its students and,
   * on writes, for administrators.
   */
  async assertStaffOf(auth: AuthContext, courseId: number, admins: 'refuse' | 'read' = 'refuse') {
    const role = await this.projections.roleIn(auth, courseId);
    if (role === 'lecturer' || role === 'assistant') return;
    const administers =
      role === null && auth.role === 'admin' && (await this.projections.course(auth.tenantId, courseId));
    if (administers && admins === 'read') return;
    if (role === null && !administers) throw notFound('Course not found');
    throw forbidden('Only the lecturer and assistants of the course may do this');
  }

  /**
   * The reader's view of sessions: class names; every student's row and the counts for the staff
   * and the campus's administrators (the code for the staff only); a student's own row.
   */
  private async decorate(
    auth: AuthContext,
    sessions: PresenceSession[],
    withDetails: boolean,
  ): Promise<ReadPresence[]> {
    if (sessions.length === 0) return [];
    const courseIds = [...new Set(sessions.map((session) => Number(session.courseId)))];
    const staffOf = new Set(
      (await this.projections.coursesTaughtBy(auth)).filter((id) => courseIds.includes(id)),
    );
    const classNames = new Map<number, string>(
      (
        (await this.dataSource.query(`SELECT id, name FROM course_classes WHERE id = ANY($1::bigint[])`, [
          sessions.map((session) => session.classId),
        ])) as Array<{ id: string; name: string }>
      ).map((row) => [Number(row.id), row.name]),
    );
    const rosters = await this.rosters(sessions.map((session) => Number(session.id)));
    return sessions.map((session) => {
      const staff = staffOf.has(Number(session.courseId));
      const overseer = staff || auth.role === 'admin';
      const roster = rosters.get(Number(session.id)) ?? [];
      const mine = overseer ? null : (roster.find((row) => row.user_id === auth.userId) ?? null);
      return Object.assign(session, {
        className: classNames.get(Number(session.classId)) ?? '',
        viewerStaff: staff,
        details: overseer ? (withDetails ? roster : []) : mine ? [mine] : [],
        myDetail: mine,
        counts: overseer ? countsOf(roster) : null,
      });
    });
  }

  /** Applies the settings sent: times in order, the window inside nothing but itself, topics of the course. */
  private async apply(manager: EntityManager, session: PresenceSession, input: PresenceSettings) {
    const problems: ValidationIssue[] = [];
    if (input.act_code !== undefined) session.actCode = input.act_code?.trim() || null;
    if (input.note !== undefined) session.note = input.note;
    const fresh = session.startAt === undefined;
    if (input.start_at !== undefined) session.startAt = input.start_at;
    if (input.end_at !== undefined) session.endAt = input.end_at;
    if (input.presence_start !== undefined) session.presenceStart = input.presence_start;
    else if (fresh) session.presenceStart = session.startAt;
    if (input.presence_end !== undefined) session.presenceEnd = input.presence_end;
    else if (fresh) session.presenceEnd = session.endAt;
    if (session.endAt <= session.startAt) problems.push(issue('end_at', 'end_at must be after start_at'));
    if (session.presenceEnd <= session.presenceStart)
      problems.push(issue('presence_end', 'presence_end must be after presence_start'));
    if (input.topic_ids !== undefined) {
      const modules: Array<{ id: string; name: string }> = await manager.query(
        `SELECT id, name FROM course_modules WHERE course_id = $1 AND tenant_id = $2 AND id = ANY($3::bigint[])`,
        [session.courseId, session.tenantId, input.topic_ids],
      );
      const names = new Map(modules.map((row) => [Number(row.id), row.name]));
      input.topic_ids.forEach((topicId, n) => {
        if (!names.has(topicId))
          problems.push({
            pointer: attributePointer(['topic_ids', n]),
            detail: `topic_ids[${n}] is not a module of this course`,
          });
      });
      session.topics = [...new Set(input.topic_ids)].map((topicId) => ({
        id: topicId,
        name: names.get(topicId) ?? '',
      }));
    }
    if (problems.length > 0) throw invalid(problems);
  }
}

/** How many of the roster hold each mark. */
export function countsOf(roster: readonly DetailRow[]): PresenceCounts {
  const counts: PresenceCounts = {
    attend: 0,
    sick: 0,
    absent: 0,
    leave: 0,
    other: 0,
    unmarked: 0,
    students: roster.length,
  };
  for (const row of roster) counts[row.type ?? 'unmarked'] += 1;
  return counts;
}
