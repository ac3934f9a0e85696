import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { type Announcement, DISPLAYS, URGENCIES } from './announcement.entity';

/** An announcement as its reader sees it. */
export type ReadAnnouncement = Announcement & {
  creatorName: string;
  /** The reader saw it (a popup is shown once). */
  seen: boolean;
  /** The reader may change it (the course's staff). */
  canEdit: boolean;
};

/** Active between its start and its end. */
export const isActive = (announcement: Announcement, now = new Date()) =>
  announcement.startAt <= now && now <= announcement.endAt;

/** A course's announcement (spec 02 §3). */
export const announcementResource = defineResource({
  name: 'Announcement',
  type: 'announcements',
  schema: {
    course_id: z.int(),
    announcement: z.string(),
    urgency: z.enum(URGENCIES),
    announcements_type: z.enum(DISPLAYS),
    start_at: z.date(),
    end_at: z.date(),
    is_active: z.boolean(),
    creator_name: z.string(),
    seen: z.boolean(),
    can_edit: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (announcement: ReadAnnouncement) => ({
    course_id: Number(announcement.courseId),
    announcement: announcement.content,
    urgency: announcement.urgency,
    announcements_type: announcement.display,
    start_at: announcement.startAt,
    end_at: announcement.endAt,
    is_active: isActive(announcement),
    creator_name: announcement.creatorName,
    seen: announcement.seen,
    can_edit: announcement.canEdit,
    created_at: announcement.createdAt,
    updated_at: announcement.updatedAt,
  }),
});

/**
 * `GET /course/announcements`: of the caller's courses (`filter[course_id]`: one of them), newest
 * start first; students get the active ones only (spec 02 §9: page limit -1 for all).
 */
export const announcementQuery: QuerySpec = {
  filters: {
    course_id: { column: 'announcement.course_id', type: 'integer', ops: ['is', 'in'] },
    announcements_type: { column: 'announcement.display', type: 'string', ops: ['is'] },
    urgency: { column: 'announcement.urgency', type: 'string', ops: ['is', 'in'] },
  },
  sorts: {
    id: 'announcement.id',
    start_at: 'announcement.start_at',
    end_at: 'announcement.end_at',
    created_at: 'announcement.created_at',
  },
  defaultSort: '-start_at',
};
