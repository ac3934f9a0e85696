import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  attributePointer,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { plainTextOf, requiredRichText } from '@lms/richtext';
import { Announcement, AnnouncementSeen } from './announcement.entity';
import type { ReadAnnouncement } from './announcements.resource';
import type { AnnouncementCreate, AnnouncementUpdate } from './announcements.rules';

const announcementList = defineList<Announcement>({ entity: Announcement, alias: 'announcement' });

/** The reader teaches the course: they read every announcement of it. */
const TEACHES_SQL = `EXISTS (SELECT 1 FROM course_staff cs
  WHERE cs.course_id = announcement.course_id AND cs.user_id = :me AND cs.tenant_id = announcement.tenant_id)`;
/** The reader studies in the course: they read its active announcements. */
const STUDIES_ACTIVE_SQL = `(EXISTS (SELECT 1 FROM course_students st
  WHERE st.course_id = announcement.course_id AND st.user_id = :me AND st.tenant_id = announcement.tenant_id
    AND st.enrolled) AND announcement.start_at <= now() AND announcement.end_at >= now())`;

/**
 * Course announcements (spec 02 §3, §7, §9): the course's staff publish and change them; its
 * students read the active ones (between start and end) — a popup once: the screen marks it seen.
 * Another campus's course, or one the caller is not in, is a 404; a student writing, a 403.
 * Each publication and change records `messaging.announcement.published`.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
  ) {}

  /** `GET /course/announcements`: every one of the courses taught, the active ones of those studied. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadAnnouncement[], number]> {
    const [rows, total] = await announcementList.page(
      this.dataSource,
      {
        where: ['announcement.tenant_id = :tenantId', `(${TEACHES_SQL} OR ${STUDIES_ACTIVE_SQL})`],
        params: { tenantId: auth.tenantId, me: auth.userId },
      },
      query,
    );
    return [await this.decorate(auth, rows), total];
  }

  /** `GET /course/announcements/popups`: the active popups of the caller's courses they have not seen. */
  async popups(auth: AuthContext): Promise<ReadAnnouncement[]> {
    const rows = await this.dataSource
      .getRepository(Announcement)
      .createQueryBuilder('announcement')
      .where('announcement.tenant_id = :tenantId', { tenantId: auth.tenantId })
      .andWhere(`announcement.display = 'popup'`)
      .andWhere(STUDIES_ACTIVE_SQL, { me: auth.userId })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM announcement_seen s WHERE s.announcement_id = announcement.id AND s.user_id = :me)`,
      )
      .orderBy('announcement.start_at', 'DESC')
      .addOrderBy('announcement.id', 'DESC')
      .getMany();
    return this.decorate(auth, rows);
  }

  /** One announcement the caller may read. */
  async get(auth: AuthContext, id: number): Promise<ReadAnnouncement> {
    const [read] = await this.decorate(auth, [await this.readable(auth, id)]);
    return read;
  }

  /** `POST /course/announcements/{id}/seen`: the popup is not shown to the caller again. */
  async seen(auth: AuthContext, id: number): Promise<ReadAnnouncement> {
    await this.readable(auth, id);
    await this.dataSource
      .getRepository(AnnouncementSeen)
      .createQueryBuilder()
      .insert()
      .values({ announcementId: id, userId: auth.userId })
      .orIgnore()
      .execute();
    return this.get(auth, id);
  }

  /** `POST /course/announcements`: by the course's staff. */
  async create(auth: AuthContext, input: AnnouncementCreate): Promise<ReadAnnouncement> {
    await this.assertStaffOf(auth, input.course_id);
    const announcement = Object.assign(new Announcement(), {
      tenantId: auth.tenantId,
      courseId: input.course_id,
      createdBy: auth.userId,
    });
    this.apply(announcement, input);
    const id = await this.unit.run(async (manager) => {
      const saved = await manager.save(announcement);
      await this.published(manager, auth, saved, false);
      return Number(saved.id);
    });
    return this.get(auth, id);
  }

  /** `PATCH /course/announcements/{id}`: by the course's staff; the students are told again. */
  async update(auth: AuthContext, id: number, input: AnnouncementUpdate): Promise<ReadAnnouncement> {
    const announcement = await this.readable(auth, id);
    await this.assertStaffOf(auth, Number(announcement.courseId));
    this.apply(announcement, input);
    await this.unit.run(async (manager) => {
      await manager.save(Announcement, announcement);
      await this.published(manager, auth, announcement, true);
    });
    return this.get(auth, id);
  }

  private apply(announcement: Announcement, input: AnnouncementUpdate) {
    if (input.announcement !== undefined)
      announcement.content = requiredRichText(input.announcement, 'announcement');
    if (input.urgency !== undefined) announcement.urgency = input.urgency;
    if (input.announcements_type !== undefined) announcement.display = input.announcements_type;
    if (input.start_at !== undefined) announcement.startAt = input.start_at;
    if (input.end_at !== undefined) announcement.endAt = input.end_at;
    if (announcement.endAt <= announcement.startAt)
      throw unprocessable([{ pointer: attributePointer('end_at'), detail: 'end_at must be after start_at' }]);
  }

  private published(manager: EntityManager, auth: AuthContext, announcement: Announcement, updated: boolean) {
    return recordEvent(manager, 'messaging.announcement.published', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: announcement.id,
      data: {
        id: Number(announcement.id),
        courseId: Number(announcement.courseId),
        title: plainTextOf(announcement.content).slice(0, 140),
        urgency: announcement.urgency,
        display: announcement.display,
        startAt: announcement.startAt.toISOString(),
        endAt: announcement.endAt.toISOString(),
        updated,
      },
    });
  }

  /** The announcement if the caller teaches its course, or studies in it while it is active; 404 otherwise. */
  private async readable(auth: AuthContext, id: number): Promise<Announcement> {
    const found = await announcementList.one(this.dataSource, {
      where: [
        'announcement.id = :id',
        'announcement.tenant_id = :tenantId',
        `(${TEACHES_SQL} OR ${STUDIES_ACTIVE_SQL})`,
      ],
      params: { id, tenantId: auth.tenantId, me: auth.userId },
    });
    if (!found) throw notFound('Announcement not found');
    return found;
  }

  /** 404 unless the caller is in the course; 403 for its students. */
  private async assertStaffOf(auth: AuthContext, courseId: number) {
    const role = await this.projections.roleIn(auth, courseId);
    if (role === null) throw notFound('Course not found');
    if (role === 'student') throw forbidden('Only the lecturer and assistants of the course may do this');
  }

  /** The creator's name, whether the reader saw each, and whether they may change it. */
  private async decorate(auth: AuthContext, rows: Announcement[]): Promise<ReadAnnouncement[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => Number(row.id));
    const seen = new Set(
      (
        (await this.dataSource.query(
          `SELECT announcement_id FROM announcement_seen WHERE user_id = $1 AND announcement_id = ANY($2::bigint[])`,
          [auth.userId, ids],
        )) as Array<{ announcement_id: string }>
      ).map((row) => Number(row.announcement_id)),
    );
    const creators = new Map(
      (
        await this.projections.users(auth.tenantId, [...new Set(rows.map((row) => Number(row.createdBy)))])
      ).map((user) => [Number(user.id), user.name]),
    );
    const taught = new Set(await this.projections.coursesTaughtBy(auth));
    return rows.map((row) =>
      Object.assign(row, {
        creatorName: creators.get(Number(row.createdBy)) ?? '',
        seen: seen.has(Number(row.id)),
        canEdit: taught.has(Number(row.courseId)),
      }),
    );
  }
}
