import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  badRequest,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type z,
} from '@lms/jsonapi';
import type { StoredFile } from '@lms/storage';
import { CourseUploads } from '../files/course-uploads';
import { PUBLIC_THREADS_SQL, ThreadAccess, type Viewer } from './thread-access';
import { MAX_REPLY_DEPTH, Thread, ThreadReply } from './thread.entity';
import type { ReadReply } from './threads.resource';
import { cleanRichText, type replyCreateRules, type replyUpdateRules } from './threads.rules';
import { recordMentions } from './threads.service';

const replyList = defineList<ThreadReply>({ entity: ThreadReply, alias: 'reply' });

/**
 * Replies to discussion threads (`/course/thread/replies`), nested up to three levels, with files.
 * Members of the course reply while the thread is not locked; the author edits and deletes their
 * own (a reply that has replies stays as a "deleted" placeholder), the staff hide them.
 */
@Injectable()
export class RepliesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ThreadAccess,
    private readonly unit: UnitOfWork,
    private readonly uploads: CourseUploads,
  ) {}

  /** The replies of one thread the caller reads (`filter[thread_id]`, required). */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadReply[], number]> {
    const threadId = threadFilter(query);
    const { thread, viewer } = await this.access.thread(auth, threadId);
    const [replies, total] = await replyList.page(
      this.dataSource,
      { where: ['reply.tenant_id = :tenantId'], params: { tenantId: auth.tenantId } },
      query,
    );
    return [await this.read(replies, thread, viewer), total];
  }

  async get(auth: AuthContext, id: number): Promise<ReadReply> {
    const { reply, thread, viewer } = await this.reply(auth, id);
    return (await this.read([reply], thread, viewer))[0];
  }

  /** The replies of a thread of a public course, for anyone: hidden ones as placeholders. */
  async listPublic(tenantId: number, query: ParsedQuery): Promise<[ReadReply[], number]> {
    const threadId = threadFilter(query);
    const thread = await this.publicThread(tenantId, threadId);
    const [replies, total] = await replyList.page(
      this.dataSource,
      { where: ['reply.tenant_id = :tenantId'], params: { tenantId } },
      query,
    );
    return [await this.read(replies, thread, null), total];
  }

  async getPublic(tenantId: number, id: number): Promise<ReadReply> {
    const reply = await this.dataSource.manager.findOneBy(ThreadReply, { id, tenantId });
    if (!reply) throw notFound('Reply not found');
    const thread = await this.publicThread(tenantId, Number(reply.threadId)).catch(() => {
      throw notFound('Reply not found');
    });
    return (await this.read([reply], thread, null))[0];
  }

  /**
   * A reply by a member of the course (staff or student) to a thread that is not locked (422
   * `thread_locked`), at the top or to a reply of the same thread no deeper than level 2.
   */
  async create(
    auth: AuthContext,
    input: z.output<typeof replyCreateRules>,
    files: StoredFile[],
  ): Promise<ReadReply> {
    const text = cleanRichText(input.reply);
    if (text === null && files.length === 0)
      throw unprocessable([{ pointer: attributePointer('reply'), detail: 'reply is required (or a file)' }]);
    const made = await this.unit.run(async (manager) => {
      const { thread, viewer } = await this.access.thread(auth, input.thread_id, { manager, lock: true });
      if (viewer.role === null) throw forbidden('Only the staff and the students of the course may reply');
      if (thread.isLocked)
        throw unprocessable([
          {
            pointer: attributePointer('thread_id'),
            detail: 'The thread is locked: it takes no new replies',
            code: 'thread_locked',
          },
        ]);
      const depth = await this.depthUnder(manager, thread, viewer, input.thread_reply_id ?? null);
      const reply = await manager.save(
        Object.assign(new ThreadReply(), {
          tenantId: auth.tenantId,
          threadId: thread.id,
          parentId: input.thread_reply_id ?? null,
          depth,
          authorId: auth.userId,
          reply: text ?? '',
          files,
        }),
      );
      await manager.query(
        `UPDATE threads SET reply_count = reply_count + 1, last_reply_at = $2, updated_at = $2 WHERE id = $1`,
        [thread.id, reply.createdAt],
      );
      if (text !== null)
        await recordMentions(
          manager,
          this.access,
          auth,
          { threadId: Number(thread.id), replyId: Number(reply.id), courseId: Number(thread.courseId) },
          text,
        );
      return { reply, thread, viewer };
    });
    return (await this.read([made.reply], made.thread, made.viewer))[0];
  }

  /** Its author edits the text; the staff hide or show it (and edit their own). */
  async update(auth: AuthContext, id: number, input: z.output<typeof replyUpdateRules>): Promise<ReadReply> {
    const made = await this.unit.run(async (manager) => {
      const { reply, thread, viewer } = await this.reply(auth, id, manager);
      if (reply.deletedAt !== null) throw notFound('Reply not found');
      if (input.is_hidden !== undefined && !viewer.staff)
        throw forbidden('Only the course’s staff may hide a reply');
      const before = reply.reply;
      if (input.reply !== undefined) {
        if (Number(reply.authorId) !== auth.userId) throw forbidden('Only its author may edit a reply');
        const text = cleanRichText(input.reply);
        if (text === null && reply.files.length === 0)
          throw unprocessable([
            { pointer: attributePointer('reply'), detail: 'reply is required (or a file)' },
          ]);
        reply.reply = text ?? '';
        reply.editedAt = new Date();
      }
      reply.isHidden = input.is_hidden ?? reply.isHidden;
      await manager.update(
        ThreadReply,
        { id: reply.id },
        { reply: reply.reply, isHidden: reply.isHidden, editedAt: reply.editedAt },
      );
      if (input.reply !== undefined && reply.reply !== '')
        await recordMentions(
          manager,
          this.access,
          auth,
          { threadId: Number(thread.id), replyId: Number(reply.id), courseId: Number(thread.courseId) },
          reply.reply,
          before,
        );
      return { reply, thread, viewer };
    });
    return (await this.read([made.reply], made.thread, made.viewer))[0];
  }

  /**
   * Deletes a reply (its author or the staff) with its files. One that has replies stays as a
   * placeholder; a placeholder left without replies goes too.
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const files = await this.unit.run(async (manager) => {
      const { reply, thread, viewer } = await this.reply(auth, id, manager, true);
      if (reply.deletedAt !== null) throw notFound('Reply not found');
      if (!viewer.staff && Number(reply.authorId) !== auth.userId)
        throw forbidden('Only its author and the course’s staff may delete a reply');
      const hasReplies = await this.hasReplies(manager, reply.id);
      if (hasReplies)
        await manager.query(
          `UPDATE thread_replies SET deleted_at = now(), reply = '', files = '[]' WHERE id = $1`,
          [reply.id],
        );
      else await this.purge(manager, reply);
      await manager.query(`UPDATE threads SET reply_count = reply_count - 1 WHERE id = $1`, [thread.id]);
      return reply.files;
    });
    await this.uploads.remove(files);
  }

  /** The files of a reply the caller may read and see the text of; 404 otherwise. */
  async filesOf(auth: AuthContext, id: number): Promise<StoredFile[]> {
    const read = await this.get(auth, id);
    if (!read.shown) throw notFound('Reply not found');
    return read.files;
  }

  /** The files of a reply of a public course's thread, for anyone. */
  async publicFilesOf(tenantId: number, id: number): Promise<StoredFile[]> {
    const read = await this.getPublic(tenantId, id);
    if (!read.shown) throw notFound('Reply not found');
    return read.files;
  }

  private async reply(auth: AuthContext, id: number, manager?: EntityManager, lockThread = false) {
    const found = await (manager ?? this.dataSource.manager).findOneBy(ThreadReply, {
      id,
      tenantId: auth.tenantId,
    });
    if (!found) throw notFound('Reply not found');
    const { thread, viewer } = await this.access
      .thread(auth, Number(found.threadId), { manager, lock: lockThread })
      .catch(() => {
        throw notFound('Reply not found');
      });
    return { reply: found, thread, viewer };
  }

  private async publicThread(tenantId: number, threadId: number): Promise<Thread> {
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT thread.id FROM threads thread
        WHERE thread.id = $2 AND ${PUBLIC_THREADS_SQL.join(' AND ').replace(/:tenantId/g, '$1')}`,
      [tenantId, threadId],
    );
    if (!row) throw notFound('Thread not found');
    return this.dataSource.manager.findOneByOrFail(Thread, { id: threadId });
  }

  /** The depth of a new reply under `parentId` (1 at the top); 422 for a parent it may not answer. */
  private async depthUnder(
    manager: EntityManager,
    thread: Thread,
    viewer: Viewer,
    parentId: number | null,
  ): Promise<number> {
    if (parentId === null) return 1;
    const parent = await manager.findOneBy(ThreadReply, { id: parentId, threadId: thread.id });
    const issue = (detail: string, code: string) =>
      unprocessable([{ pointer: attributePointer('thread_reply_id'), detail, code }]);
    if (!parent || parent.deletedAt !== null || (parent.isHidden && !viewer.staff))
      throw issue('thread_reply_id is not a reply of this thread', 'not_a_reply');
    if (parent.depth >= MAX_REPLY_DEPTH)
      throw issue(
        `Replies nest at most ${MAX_REPLY_DEPTH} levels deep: answer the reply this one answers instead`,
        'too_deep',
      );
    return parent.depth + 1;
  }

  private async hasReplies(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM thread_replies WHERE parent_id = $1 LIMIT 1`, [
      id,
    ]);
    return rows.length > 0;
  }

  /** Deletes a reply, then each deleted placeholder above it that has no replies left. */
  private async purge(manager: EntityManager, reply: ThreadReply): Promise<void> {
    await manager.delete(ThreadReply, { id: reply.id });
    let parentId = reply.parentId;
    while (parentId !== null) {
      const parent = await manager.findOneBy(ThreadReply, { id: parentId });
      if (!parent || parent.deletedAt === null || (await this.hasReplies(manager, parent.id))) return;
      await manager.delete(ThreadReply, { id: parent.id });
      parentId = parent.parentId;
    }
  }

  /**
   * The replies as `viewer` reads them (null: a visitor without a token): the text and files of a
   * hidden reply only for the staff and its author, of a deleted one for no one.
   */
  private async read(replies: ThreadReply[], thread: Thread, viewer: Viewer | null): Promise<ReadReply[]> {
    const courseId = Number(thread.courseId);
    const authors = await this.access.authors(
      replies.map((reply) => ({ userId: Number(reply.authorId), courseId })),
    );
    return replies.map((reply) => {
      const own = viewer !== null && Number(reply.authorId) === viewer.auth.userId;
      const staff = viewer?.staff ?? false;
      const live = reply.deletedAt === null;
      return Object.assign(reply, {
        writer: authors.get(`${reply.authorId}:${courseId}`) ?? null,
        shown: live && (!reply.isHidden || staff || own),
        rights: { canEdit: live && own, canModerate: live && staff },
      });
    });
  }
}

/** `filter[thread_id]`, which every reply list names. */
function threadFilter(query: ParsedQuery): number {
  const value = query.filters.find((filter) => filter.field === 'thread_id' && filter.op === 'is')?.value;
  if (typeof value !== 'number') throw badRequest('filter[thread_id] is required', 'filter[thread_id]');
  return value;
}
