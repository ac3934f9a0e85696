import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import { DISPLAYS, URGENCIES } from './announcement.entity';

/** Longest announcement text, in characters of the HTML sent. */
export const MAX_ANNOUNCEMENT_LENGTH = 50_000;

/** `POST /course/announcements` (spec 02 §3 "Announcement"); dates in the campus's zone. */
export const announcementCreateRules = attributes({
  course_id: field.id(),
  announcement: field.string({ max: MAX_ANNOUNCEMENT_LENGTH }),
  urgency: field.enum(URGENCIES),
  announcements_type: field.enum(DISPLAYS),
  start_at: field.date(),
  end_at: field.date(),
});
export type AnnouncementCreate = AttributesOf<typeof announcementCreateRules>;

/** `PATCH /course/announcements/{id}`: what is sent changes; the course stays. */
export const announcementUpdateRules = attributes({
  announcement: field.string({ max: MAX_ANNOUNCEMENT_LENGTH }).optional(),
  urgency: field.enum(URGENCIES).optional(),
  announcements_type: field.enum(DISPLAYS).optional(),
  start_at: field.date().optional(),
  end_at: field.date().optional(),
});
export type AnnouncementUpdate = AttributesOf<typeof announcementUpdateRules>;
