import { attributes, type AttributesOf, field } from '@lms/jsonapi';

/** Most files one message holds. */
export const MAX_MESSAGE_FILES = 5;
/** What a message may be about: an activity of its course. */
export const MESSAGEABLE_TYPES = ['activity'] as const;

const about = {
  messageable_type: field.enum(MESSAGEABLE_TYPES).nullable().optional(),
  messageable_id: field.id().nullable().optional(),
};

/**
 * `POST /course/messages` (spec 03 §7): to one person of a course, as JSON or as multipart fields
 * with its files in `file` parts. Without `course_id`, the first course the two share in which
 * the sender may write to the receiver.
 */
export const messageCreateRules = attributes({
  receiver_id: field.id(),
  course_id: field.id().optional(),
  subject: field.string({ min: 1, max: 255 }),
  message: field.string({ min: 1, max: 20_000 }),
  ...about,
});
export type MessageCreate = AttributesOf<typeof messageCreateRules>;

/**
 * `PATCH /course/messages/{id}`: the sender changes what they wrote; `attachments` lists the keys
 * of the files to keep (the others are deleted).
 */
export const messageUpdateRules = attributes({
  subject: field.string({ min: 1, max: 255 }).optional(),
  message: field.string({ min: 1, max: 20_000 }).optional(),
  attachments: field.array(field.string({ min: 1, max: 300 }), { max: MAX_MESSAGE_FILES }).optional(),
  ...about,
});
export type MessageUpdate = AttributesOf<typeof messageUpdateRules>;

/** `PATCH /course/messages/settings/{courseId}`: the course's staff decide. */
export const messageSettingRules = attributes({ students_may_message_classmates: field.boolean() });
