import { defineResource, type QuerySpec, toOne, z } from '@lms/jsonapi';
import type { UserProjection } from '@lms/projections';
import { storedFileSchema } from '@lms/storage';
import type { Person } from '../people';
import type { CourseMessage } from './course-message.entity';

/** A message as its sender or receiver reads it, with the people `include` asked for. */
export type ReadMessage = CourseMessage & {
  sender?: UserProjection | null;
  receiver?: UserProjection | null;
};

/** A person named by a message (`include=sender,receiver`): name and picture. */
export const messagePersonResource = defineResource({
  name: 'MessagePerson',
  type: 'users',
  schema: { name: z.string(), thumbnail: z.string().nullable(), level: z.string() },
  attributes: (user: UserProjection) => ({ name: user.name, thumbnail: user.thumbnail, level: user.role }),
});

/** A course message (spec 03 §3 "Course message"). */
export const messageResource = defineResource({
  name: 'CourseMessage',
  type: 'messages',
  schema: {
    course_id: z.int(),
    sender_id: z.int(),
    receiver_id: z.int(),
    subject: z.string(),
    message: z.string(),
    attachments: z.array(storedFileSchema),
    messageable_type: z.string().nullable(),
    messageable_id: z.int().nullable(),
    is_read: z.boolean(),
    read_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (message: ReadMessage) => ({
    course_id: Number(message.courseId),
    sender_id: Number(message.senderId),
    receiver_id: Number(message.receiverId),
    subject: message.subject,
    message: message.message,
    attachments: message.attachments,
    messageable_type: message.messageableType,
    messageable_id: message.messageableId === null ? null : Number(message.messageableId),
    is_read: message.readAt !== null,
    read_at: message.readAt,
    created_at: message.createdAt,
    updated_at: message.updatedAt,
  }),
  relationships: {
    sender: toOne(
      () => messagePersonResource,
      (message: ReadMessage) => message.sender,
    ),
    receiver: toOne(
      () => messagePersonResource,
      (message: ReadMessage) => message.receiver,
    ),
  },
});

/**
 * `GET /course/messages`: the caller's inbox (`filter[receiver_id]` = them) or sent box
 * (`filter[sender_id]`), by course or activity (`filter[messageable_id][in]`, the activity
 * variant, with `page[limit]=-1&sort=-updated_at`), 10 a page.
 */
export const messageQuery: QuerySpec = {
  filters: {
    course_id: { column: 'message.course_id', type: 'integer', ops: ['is', 'in'] },
    sender_id: { column: 'message.sender_id', type: 'integer', ops: ['is'] },
    receiver_id: { column: 'message.receiver_id', type: 'integer', ops: ['is'] },
    messageable_type: { column: 'message.messageable_type', type: 'string', ops: ['is'] },
    messageable_id: { column: 'message.messageable_id', type: 'integer', ops: ['is', 'in'] },
    subject: { column: 'message.subject', type: 'string', ops: ['is', 'like'] },
    read_at: { column: 'message.read_at', type: 'date', ops: ['null'] },
  },
  sorts: { id: 'message.id', created_at: 'message.created_at', updated_at: 'message.updated_at' },
  defaultSort: '-created_at',
  includes: ['sender', 'receiver'],
};

/** A course's messaging setting. */
export const messageSettingResource = defineResource({
  name: 'CourseMessageSetting',
  type: 'course-message-settings',
  id: (setting: { courseId: number }) => setting.courseId,
  schema: { course_id: z.int(), students_may_message_classmates: z.boolean() },
  attributes: (setting: { courseId: number; studentsMayMessageClassmates: boolean }) => ({
    course_id: Number(setting.courseId),
    students_may_message_classmates: setting.studentsMayMessageClassmates,
  }),
});

/** Someone the caller may send a course message (`GET /course/messages/recipients`). */
export const recipientResource = defineResource({
  name: 'MessageRecipient',
  type: 'message-recipients',
  schema: {
    name: z.string(),
    thumbnail: z.string().nullable(),
    /** Their username (spec 03 §3 `code`). */
    code: z.string(),
    /** Their platform role (spec 03 §3 `level`). */
    level: z.string(),
  },
  attributes: (person: Person) => ({
    name: person.name,
    thumbnail: person.thumbnail,
    code: person.code,
    level: person.level,
  }),
});

/** The recipients' list: by name (`like`), through a course, one by id, sorted by name, 10 a page. */
export const recipientQuery: QuerySpec = {
  filters: {
    id: { column: 'u.id', type: 'integer', ops: ['is'] },
    name: { column: 'u.name', type: 'string', ops: ['like'] },
    course_id: { column: 'r.course_id', type: 'integer', ops: ['is'] },
  },
  sorts: { name: 'u.name' },
  defaultSort: 'name',
  defaultLimit: 10,
  maxLimit: 50,
};
