import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  type AttributesOf,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { RealtimeEmitter } from '@lms/realtime';
import { PresenceSession } from '../sessions/presence.entity';
import { CrsRoom } from './crs.entity';
import type { ReadRoom } from './crs.resource';
import { crsRoom, type CrsSocketEvents } from './crs.sockets';
import type { crsCreateRules, CrsSettings } from './crs.rules';

/** Who the caller is in a room: a host, other staff of its course, a student of the course. */
export type RoomRole = 'host' | 'staff' | 'student';

/** The reader (`:me`) teaches the room's course or hosts it. */
const STAFF_SQL = `(:me = ANY(room.hosts) OR EXISTS (SELECT 1 FROM course_staff cs
  WHERE cs.course_id = room.course_id AND cs.user_id = :me AND cs.tenant_id = room.tenant_id))`;
/** The reader (`:me`) is an enrolled student of the room's course. */
const STUDENT_SQL = `EXISTS (SELECT 1 FROM course_students st
  WHERE st.course_id = room.course_id AND st.user_id = :me AND st.tenant_id = room.tenant_id AND st.enrolled)`;

const roomList = defineList<CrsRoom>({ entity: CrsRoom, alias: 'room' });

const issue = (field: string, detail: string): ValidationIssue => ({
  pointer: attributePointer(field),
  detail,
});

/**
 * Live classrooms (spec 03 §3, §6, §7 "Live classroom"): the staff of a course create its rooms
 * and name their hosts among themselves; its students join them. Another campus's room, or one of
 * a course the caller is not in, is a 404; a student on a staff call is a 403.
 */
@Injectable()
export class CrsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
    private readonly sockets: RealtimeEmitter<CrsSocketEvents>,
  ) {}

  /**
   * `GET /crs/crs`: the rooms of the courses the caller teaches, hosts or studies in; an
   * administrator of the campus reads every room of it (read only: they take part in none).
   */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadRoom[], number]> {
    const [rows, total] = await roomList.page(
      this.dataSource,
      {
        where: ['room.tenant_id = :tenantId', `(:isAdmin OR ${STAFF_SQL} OR ${STUDENT_SQL})`],
        params: { tenantId: auth.tenantId, me: auth.userId, isAdmin: auth.role === 'admin' },
      },
      query,
    );
    const taught = new Set(await this.projections.coursesTaughtBy(auth));
    return [rows.map((room) => this.asRead(auth, room, taught.has(Number(room.courseId)))), total];
  }

  /** One room the caller may enter, or (read only) one of the campus an administrator reads. */
  async get(auth: AuthContext, id: number): Promise<ReadRoom> {
    if (auth.role === 'admin') {
      const room = await this.dataSource.manager.findOneBy(CrsRoom, { id, tenantId: auth.tenantId });
      if (!room) throw notFound('Live classroom not found');
      const role = await this.roleIn(auth, room);
      return this.asRead(auth, room, role === 'host' || role === 'staff');
    }
    const { room, role } = await this.readable(auth, id);
    return this.asRead(auth, room, role !== 'student');
  }

  /** The room and the caller's role in it; 404 when it is not theirs to read. */
  async readable(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ room: CrsRoom; role: RoomRole }> {
    const room = await manager.findOneBy(CrsRoom, { id, tenantId: auth.tenantId });
    const role = room ? await this.roleIn(auth, room, manager) : null;
    if (!room || role === null) throw notFound('Live classroom not found');
    return { room, role };
  }

  /** The caller in the room, or null. */
  async roleIn(
    auth: AuthContext,
    room: CrsRoom,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<RoomRole | null> {
    if (room.hosts.map(Number).includes(auth.userId)) return 'host';
    const role = await this.projections.roleIn(auth, Number(room.courseId), manager);
    if (role === 'lecturer' || role === 'assistant') return 'staff';
    return role;
  }

  /** `POST /crs/crs`: a room of a course the caller teaches. */
  async create(auth: AuthContext, input: AttributesOf<typeof crsCreateRules>): Promise<ReadRoom> {
    await this.assertStaffOf(auth, input.course_id);
    const room = Object.assign(new CrsRoom(), {
      tenantId: auth.tenantId,
      courseId: input.course_id,
      activityId: null,
      type: 'live',
      description: null,
      videos: [],
      hosts: [auth.userId],
      presenceId: null,
      endedAt: null,
      videoIndex: 0,
      videoPosition: 0,
      videoPlaying: false,
      videoAt: null,
      createdBy: auth.userId,
    } satisfies Partial<CrsRoom>);
    const id = await this.unit.run(async (manager) => {
      await this.apply(manager, room, input);
      return (await manager.save(room)).id;
    });
    return this.get(auth, Number(id));
  }

  /** `PATCH /crs/crs/{id}`: the fields sent, by the course's staff. */
  async update(auth: AuthContext, id: number, input: CrsSettings): Promise<ReadRoom> {
    await this.unit.run(async (manager) => {
      const room = await this.lockedForWrite(manager, auth, id);
      if (input.course_id !== undefined && input.course_id !== Number(room.courseId))
        throw unprocessable([issue('course_id', 'course_id cannot change: a room stays in its course')]);
      await this.apply(manager, room, input);
      await manager.save(room);
    });
    return this.get(auth, id);
  }

  /** `DELETE /crs/crs/{id}`: the room with its chat, votes and results; whoever is in it gets `end`. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.unit.run(async (manager) => {
      await this.lockedForWrite(manager, auth, id);
      await manager.query(
        `DELETE FROM crs_vote_answers WHERE vote_id IN (SELECT id FROM crs_votes WHERE room_id = $1)`,
        [id],
      );
      for (const table of ['crs_votes', 'crs_messages', 'crs_xapi_statements'])
        await manager.query(`DELETE FROM ${table} WHERE room_id = $1`, [id]);
      await manager.delete(CrsRoom, { id });
    });
    this.sockets.toRoom(crsRoom(id)).emit('end', { room_id: id, ended_at: new Date() });
  }

  /** The room locked for a change by its course's staff (404 unknown, 403 a student). */
  async lockedForWrite(manager: EntityManager, auth: AuthContext, id: number): Promise<CrsRoom> {
    const room = await manager.findOne(CrsRoom, {
      where: { id, tenantId: auth.tenantId },
      lock: { mode: 'pessimistic_write' },
    });
    const role = room ? await this.roleIn(auth, room, manager) : null;
    if (!room || role === null) throw notFound('Live classroom not found');
    if (role === 'student') throw forbidden('Only the lecturer and assistants of the course may do this');
    return room;
  }

  asRead(auth: AuthContext, room: CrsRoom, staff: boolean): ReadRoom {
    return Object.assign(room, {
      viewerHost: room.hosts.map(Number).includes(auth.userId),
      viewerStaff: staff,
    });
  }

  /** 404 unless the course is the campus's and the caller in it; 403 for its students. */
  private async assertStaffOf(auth: AuthContext, courseId: number) {
    const role = await this.projections.roleIn(auth, courseId);
    if (role === null) throw notFound('Course not found');
    if (role === 'student') throw forbidden('Only the lecturer and assistants of the course may do this');
  }

  /** Applies the settings sent: times in order, activity, hosts and presence session of the course. */
  private async apply(manager: EntityManager, room: CrsRoom, input: CrsSettings) {
    const problems: ValidationIssue[] = [];
    const courseId = Number(room.courseId);
    if (input.title !== undefined) room.title = input.title.trim();
    if (input.type !== undefined) room.type = input.type.trim();
    if (input.description !== undefined) room.description = input.description;
    if (input.start_at !== undefined) room.startAt = input.start_at;
    if (input.end_at !== undefined) room.endAt = input.end_at;
    if (room.endAt <= room.startAt) problems.push(issue('end_at', 'end_at must be after start_at'));
    if (input.videos !== undefined)
      room.videos = input.videos.map((video, n) => ({
        title: video.title?.trim() || `Video ${n + 1}`,
        url: video.url,
      }));
    if (input.activity_id !== undefined) {
      if (
        input.activity_id !== null &&
        !(await this.projections.activity(courseId, input.activity_id, manager))
      )
        problems.push(issue('activity_id', 'activity_id is not an activity of this course'));
      room.activityId = input.activity_id;
    }
    if (input.host !== undefined) {
      const hosts = [...new Set(input.host)];
      const staff: Array<{ user_id: string }> = await manager.query(
        `SELECT user_id FROM course_staff WHERE course_id = $1 AND tenant_id = $2 AND user_id = ANY($3::bigint[])`,
        [courseId, room.tenantId, hosts],
      );
      const ofCourse = new Set(staff.map((row) => Number(row.user_id)));
      hosts.forEach((userId, n) => {
        if (!ofCourse.has(userId))
          problems.push({
            pointer: attributePointer(['host', n]),
            detail: `host[${n}] is not a lecturer or assistant of this course`,
          });
      });
      room.hosts = hosts;
    }
    if (input.presence_id !== undefined) {
      if (input.presence_id !== null) {
        const session = await manager.findOneBy(PresenceSession, {
          id: input.presence_id,
          tenantId: room.tenantId,
        });
        if (!session || Number(session.courseId) !== courseId)
          problems.push(issue('presence_id', 'presence_id is not a presence session of this course'));
      }
      room.presenceId = input.presence_id;
    }
    if (problems.length > 0) throw unprocessable(problems);
  }
}
