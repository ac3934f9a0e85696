import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Thread, ThreadReply } from './thread.entity';

/** Who wrote a thread or a reply, as every reader of the course may see them (name and picture). */
export interface PostAuthor {
  id: number;
  name: string;
  thumbnail: string | null;
  /** Teaches the course (lecturer or assistant). */
  is_staff: boolean;
}

/** What the reader may do with a thread or a reply. */
export interface PostRights {
  canEdit: boolean;
  canModerate: boolean;
}

export type ReadThread = Thread & { writer: PostAuthor | null; rights: PostRights };
export type ReadReply = ThreadReply & { writer: PostAuthor | null; rights: PostRights; shown: boolean };

const authorSchema = z
  .object({ id: z.int(), name: z.string(), thumbnail: z.string().nullable(), is_staff: z.boolean() })
  .nullable();

const fileSchema = z.object({ key: z.string(), name: z.string(), size: z.int(), mime: z.string() });

/**
 * A discussion thread (spec 02 §3): on an activity, or the course's introduction thread
 * (`is_introduction`, no activity). `updated_at` is its last activity (an edit, a new reply).
 */
export const threadResource = defineResource({
  name: 'Thread',
  type: 'threads',
  schema: {
    course_id: z.int(),
    activity_id: z.int().nullable(),
    is_introduction: z.boolean(),
    title: z.string(),
    body: z.string(),
    author: authorSchema,
    is_hidden: z.boolean(),
    is_locked: z.boolean(),
    is_pinned: z.boolean(),
    reply_count: z.int(),
    last_reply_at: z.date().nullable(),
    can_edit: z.boolean(),
    can_moderate: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (thread: ReadThread) => ({
    course_id: Number(thread.courseId),
    activity_id: thread.activityId === null ? null : Number(thread.activityId),
    is_introduction: thread.isIntroduction,
    title: thread.title,
    body: thread.body,
    author: thread.writer,
    is_hidden: thread.isHidden,
    is_locked: thread.isLocked,
    is_pinned: thread.isPinned,
    reply_count: thread.replyCount,
    last_reply_at: thread.lastReplyAt,
    can_edit: thread.rights.canEdit,
    can_moderate: thread.rights.canModerate,
    created_at: thread.createdAt,
    updated_at: thread.updatedAt,
  }),
});

/**
 * A reply (spec 03 §3 "Thread reply"): `thread_reply_id` is the reply it answers (null at the
 * top), `depth` 1 to 3. A deleted reply kept for its replies, or a hidden one read by someone
 * other than its author and the staff, has `reply` null and no files.
 */
export const replyResource = defineResource({
  name: 'ThreadReply',
  type: 'thread_replies',
  schema: {
    thread_id: z.int(),
    thread_reply_id: z.int().nullable(),
    depth: z.int(),
    reply: z.string().nullable(),
    files: z.array(fileSchema),
    author: authorSchema,
    is_hidden: z.boolean(),
    is_deleted: z.boolean(),
    edited_at: z.date().nullable(),
    can_edit: z.boolean(),
    can_moderate: z.boolean(),
    created_at: z.date(),
  },
  attributes: (reply: ReadReply) => ({
    thread_id: Number(reply.threadId),
    thread_reply_id: reply.parentId === null ? null : Number(reply.parentId),
    depth: reply.depth,
    reply: reply.shown ? reply.reply : null,
    files: reply.shown ? reply.files : [],
    author: reply.deletedAt === null ? reply.writer : null,
    is_hidden: reply.isHidden,
    is_deleted: reply.deletedAt !== null,
    edited_at: reply.editedAt,
    can_edit: reply.rights.canEdit,
    can_moderate: reply.rights.canModerate,
    created_at: reply.createdAt,
  }),
});

/**
 * `GET /course/threads` and `/public/threads`: by activity (or a list of them), course,
 * introduction; pinned first then the latest activity unless sorted otherwise.
 */
export const threadQuery: QuerySpec = {
  filters: {
    id: { column: 'thread.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'thread.course_id', type: 'integer', ops: ['is', 'in'] },
    activity_id: { column: 'thread.activity_id', type: 'integer', ops: ['is', 'in', 'null'] },
    is_introduction: { column: 'thread.is_introduction', type: 'boolean', ops: ['is'] },
    is_pinned: { column: 'thread.is_pinned', type: 'boolean', ops: ['is'] },
    is_locked: { column: 'thread.is_locked', type: 'boolean', ops: ['is'] },
    title: { column: 'thread.title', type: 'string', ops: ['is', 'like'] },
    author_id: { column: 'thread.author_id', type: 'integer', ops: ['is'] },
    updated_at: { column: 'thread.updated_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
  },
  sorts: {
    id: 'thread.id',
    title: 'thread.title',
    created_at: 'thread.created_at',
    updated_at: 'thread.updated_at',
    last_reply_at: 'thread.last_reply_at',
    reply_count: 'thread.reply_count',
    is_pinned: 'thread.is_pinned',
  },
  defaultSort: '-is_pinned,-updated_at,-id',
  defaultLimit: 20,
};

/** `GET /course/thread/replies`: the replies of one thread (`filter[thread_id]`), oldest first. */
export const replyQuery: QuerySpec = {
  filters: {
    id: { column: 'reply.id', type: 'integer', ops: ['is', 'in'] },
    thread_id: { column: 'reply.thread_id', type: 'integer', ops: ['is'] },
    thread_reply_id: { column: 'reply.parent_id', type: 'integer', ops: ['is', 'in', 'null'] },
    author_id: { column: 'reply.author_id', type: 'integer', ops: ['is'] },
  },
  sorts: { id: 'reply.id', created_at: 'reply.created_at' },
  defaultSort: 'created_at,id',
  defaultLimit: 50,
};
