import { PassThrough } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  conflict,
  defineList,
  forbidden,
  formatWireDate,
  notFound,
  type ParsedQuery,
  type z,
} from '@lms/jsonapi';
import { plainTextOf } from '@lms/richtext';
import { CourseUploads } from '../files/course-uploads';
import { mentionedUsernames } from './mentions';
import { PUBLIC_THREADS_SQL, readableThreadsSql, ThreadAccess, type Viewer } from './thread-access';
import { Thread, ThreadReply } from './thread.entity';
import type { ReadThread } from './threads.resource';
import { type WorkbookReply, writeThreadWorkbook } from './thread-workbook';
import { requiredRichText, type threadCreateRules, type threadUpdateRules, titleOf } from './threads.rules';

const threadList = defineList<Thread>({ entity: Thread, alias: 'thread' });

/** The introduction thread a course gets on first read (the web client shows its title translated). */
export const INTRODUCTION = {
  title: 'Introductions',
  body: '<p>Welcome! Introduce yourself to the class: who you are, what you study and what you hope to learn in this course.</p>',
};

/**
 * Records `course.thread.mentioned` for the course members a text mentions that `before` (the
 * text it replaces, if any) did not, in the caller's transaction.
 */
export async function recordMentions(
  manager: EntityManager,
  access: ThreadAccess,
  auth: AuthContext,
  post: { threadId: number; replyId: number | null; courseId: number },
  text: string,
  before: string | null = null,
): Promise<void> {
  const known = new Set(before === null ? [] : mentionedUsernames(before));
  const names = mentionedUsernames(text).filter((name) => !known.has(name));
  const ids = await access.membersNamed(manager, auth.tenantId, post.courseId, names, auth.userId);
  if (ids.length === 0) return;
  await recordEvent(manager, 'course.thread.mentioned', {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    key: post.courseId,
    data: { ...post, mentionedUserIds: ids, by: auth.userId },
  });
}

/**
 * Discussion threads (`/course/threads`): on an activity of a course, started by its staff and
 * students; the author edits and deletes their own, the staff moderate (hide, lock, pin).
 */
@Injectable()
export class ThreadsService {
  private readonly logger = new Logger(ThreadsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ThreadAccess,
    private readonly unit: UnitOfWork,
    private readonly uploads: CourseUploads,
  ) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadThread[], number]> {
    const [threads, total] = await threadList.page(
      this.dataSource,
      { where: readableThreadsSql(auth), params: { tenantId: auth.tenantId, me: auth.userId } },
      query,
    );
    const taught = await this.access.taught(auth, [
      ...new Set(threads.map((thread) => Number(thread.courseId))),
    ]);
    return [
      await this.read(threads, (thread) => this.rights(auth, thread, taught.has(Number(thread.courseId)))),
      total,
    ];
  }

  async get(auth: AuthContext, id: number): Promise<ReadThread> {
    const { thread, viewer } = await this.access.thread(auth, id);
    return this.readOne(thread, viewer);
  }

  /** The threads of public courses, for anyone (no token): read-only. */
  async listPublic(tenantId: number, query: ParsedQuery): Promise<[ReadThread[], number]> {
    const [threads, total] = await threadList.page(
      this.dataSource,
      { where: PUBLIC_THREADS_SQL, params: { tenantId } },
      query,
    );
    return [await this.read(threads, () => ({ canEdit: false, canModerate: false })), total];
  }

  async getPublic(tenantId: number, id: number): Promise<ReadThread> {
    const thread = await threadList.one(this.dataSource, {
      where: [...PUBLIC_THREADS_SQL, 'thread.id = :id'],
      params: { tenantId, id },
    });
    if (!thread) throw notFound('Thread not found');
    return (await this.read([thread], () => ({ canEdit: false, canModerate: false })))[0];
  }

  /**
   * The course's introduction thread, made on first read (one per course, whoever reads first).
   * Any reader of the course reads it.
   */
  async introduction(auth: AuthContext, courseId: number): Promise<ReadThread> {
    const viewer = await this.access.viewer(auth, courseId);
    await this.dataSource.query(
      `INSERT INTO threads (tenant_id, course_id, activity_id, is_introduction, title, body)
       VALUES ($1, $2, NULL, TRUE, $3, $4)
       ON CONFLICT (course_id) WHERE is_introduction DO NOTHING`,
      [auth.tenantId, courseId, INTRODUCTION.title, INTRODUCTION.body],
    );
    const thread = await this.dataSource.manager.findOneByOrFail(Thread, {
      courseId,
      isIntroduction: true,
    });
    if (thread.isHidden && !viewer.staff) throw notFound('Thread not found');
    return this.readOne(thread, viewer);
  }

  /** A thread on an activity, by a member of its course (its staff or one of its students). */
  async create(auth: AuthContext, input: z.output<typeof threadCreateRules>): Promise<ReadThread> {
    const title = titleOf(input.title);
    const body = requiredRichText(input.body, 'body');
    const activity = await this.activity(auth, input.activity_id);
    const viewer = await this.access.viewer(auth, activity.courseId).catch(() => {
      throw notFound('Activity not found');
    });
    if (!viewer.staff && !activity.active) throw notFound('Activity not found');
    if (viewer.role === null)
      throw forbidden('Only the staff and the students of the course may start a thread');
    const thread = await this.unit.run(async (manager) => {
      const saved = await manager.save(
        Object.assign(new Thread(), {
          tenantId: auth.tenantId,
          courseId: activity.courseId,
          activityId: input.activity_id,
          title,
          body,
          authorId: auth.userId,
        }),
      );
      await recordMentions(manager, this.access, auth, post(saved), body);
      return saved;
    });
    return this.readOne(thread, viewer);
  }

  /**
   * Title and body by the author or the staff (the introduction thread: the staff only); hidden,
   * locked and pinned by the staff only. Only an edit of the text is new activity (`updated_at`).
   */
  async update(
    auth: AuthContext,
    id: number,
    input: z.output<typeof threadUpdateRules>,
  ): Promise<ReadThread> {
    const saved = await this.unit.run(async (manager) => {
      const { thread, viewer } = await this.access.thread(auth, id, { manager, lock: true });
      const moderates =
        input.is_hidden !== undefined || input.is_locked !== undefined || input.is_pinned !== undefined;
      if (moderates && !viewer.staff)
        throw forbidden('Only the course’s staff may hide, lock or pin a thread');
      const writes = input.title !== undefined || input.body !== undefined;
      if (writes && !this.rights(auth, thread, viewer.staff).canEdit)
        throw forbidden('Only its author and the course’s staff may edit a thread');
      const before = thread.body;
      if (input.title !== undefined) thread.title = titleOf(input.title);
      if (input.body !== undefined) thread.body = requiredRichText(input.body, 'body');
      thread.isHidden = input.is_hidden ?? thread.isHidden;
      thread.isLocked = input.is_locked ?? thread.isLocked;
      thread.isPinned = input.is_pinned ?? thread.isPinned;
      const [row]: Array<{ updated_at: Date }> = await manager.query(
        `UPDATE threads SET title = $2, body = $3, is_hidden = $4, is_locked = $5, is_pinned = $6,
                updated_at = CASE WHEN $7 THEN now() ELSE updated_at END
          WHERE id = $1 RETURNING updated_at`,
        [thread.id, thread.title, thread.body, thread.isHidden, thread.isLocked, thread.isPinned, writes],
      );
      thread.updatedAt = row.updated_at;
      if (input.body !== undefined)
        await recordMentions(manager, this.access, auth, post(thread), thread.body, before);
      return { thread, viewer };
    });
    return this.readOne(saved.thread, saved.viewer);
  }

  /**
   * Deletes a thread with its replies and their files: the staff always; its author while no one
   * else has replied (409 then: the staff may still hide or delete it).
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const files = await this.unit.run(async (manager) => {
      const { thread, viewer } = await this.access.thread(auth, id, { manager, lock: true });
      if (!this.rights(auth, thread, viewer.staff).canEdit)
        throw forbidden('Only its author and the course’s staff may delete a thread');
      if (!viewer.staff) {
        const others: unknown[] = await manager.query(
          `SELECT 1 FROM thread_replies WHERE thread_id = $1 AND author_id <> $2 AND deleted_at IS NULL LIMIT 1`,
          [thread.id, auth.userId],
        );
        if (others.length > 0)
          throw conflict(
            'Others have replied to this thread: only the course’s staff may delete it now',
            'thread_has_replies',
          );
      }
      const replies = await manager.find(ThreadReply, {
        where: { threadId: thread.id },
        select: { id: true, files: true },
      });
      await manager.delete(Thread, { id: thread.id });
      return replies.flatMap((reply) => reply.files);
    });
    await this.uploads.remove(files);
  }

  /**
   * The thread with every reply as an .xlsx, streamed, for the course's staff (403 for others):
   * replies in reading order, hidden and deleted ones marked, times in the campus's zone.
   */
  async export(auth: AuthContext, id: number): Promise<{ filename: string; body: PassThrough }> {
    const { thread, viewer } = await this.access.thread(auth, id);
    if (!viewer.staff) throw forbidden('Only the course’s staff may export a thread');
    const [facts]: Array<{ course: string; activity: string | null; author: string | null }> =
      await this.dataSource.query(
        `SELECT concat_ws(' ', c.code, c.name) AS course, a.name AS activity, u.name AS author
           FROM courses c LEFT JOIN activities a ON a.id = $2 LEFT JOIN users u ON u.id = $3
          WHERE c.id = $1`,
        [thread.courseId, thread.activityId, thread.authorId],
      );
    const rows: Array<{
      id: string;
      parent_id: string | null;
      depth: number;
      reply: string;
      files: Array<{ name: string }>;
      is_hidden: boolean;
      deleted_at: Date | null;
      edited_at: Date | null;
      created_at: Date;
      author_id: string;
      name: string | null;
      username: string | null;
      is_staff: boolean;
    }> = await this.dataSource.query(
      `SELECT r.id, r.parent_id, r.depth, r.reply, r.files, r.is_hidden, r.deleted_at, r.edited_at,
              r.created_at, r.author_id, u.name, u.username,
              (c.lecturer_id = r.author_id OR EXISTS (SELECT 1 FROM course_assistants ca
                WHERE ca.course_id = c.id AND ca.user_id = r.author_id)) AS is_staff
         FROM thread_replies r JOIN courses c ON c.id = $2 LEFT JOIN users u ON u.id = r.author_id
        WHERE r.thread_id = $1 ORDER BY r.created_at, r.id`,
      [thread.id, thread.courseId],
    );
    const when = (date: Date) => formatWireDate(date, auth.timeZone);
    const children = new Map<string | null, typeof rows>();
    for (const row of rows) {
      const siblings = children.get(row.parent_id) ?? [];
      siblings.push(row);
      children.set(row.parent_id, siblings);
    }
    const replies: WorkbookReply[] = [];
    const numbers = new Map<string, number>();
    const visit = (parent: string | null) => {
      for (const row of children.get(parent) ?? []) {
        const number = replies.length + 1;
        numbers.set(row.id, number);
        replies.push({
          number,
          depth: row.depth,
          answers: row.parent_id === null ? null : (numbers.get(row.parent_id) ?? null),
          author: row.deleted_at ? '' : (row.name ?? `#${row.author_id}`),
          username: row.deleted_at ? '' : (row.username ?? ''),
          isStaff: row.is_staff,
          postedAt: when(row.created_at),
          editedAt: row.edited_at ? when(row.edited_at) : null,
          state: row.deleted_at ? 'deleted' : row.is_hidden ? 'hidden' : 'shown',
          text: row.reply ? plainTextOf(row.reply) : '',
          files: row.files.map((file) => file.name),
        });
        visit(row.id);
      }
    };
    visit(null);
    const body = new PassThrough();
    writeThreadWorkbook(
      {
        course: facts.course,
        activity: facts.activity,
        title: thread.title,
        author: facts.author,
        createdAt: when(thread.createdAt),
        text: plainTextOf(thread.body),
        locked: thread.isLocked,
        hidden: thread.isHidden,
        generatedAt: when(new Date()),
        replies,
      },
      body,
    ).catch((error: unknown) => {
      this.logger.error(`The workbook of thread ${thread.id} failed: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const slug =
      thread.title
        .normalize('NFKD')
        .replace(/[^\w-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || String(thread.id);
    return { filename: `discussion-${slug}.xlsx`, body };
  }

  /** The course of a live activity of the caller's campus, and whether it (and its module) is active. */
  private async activity(auth: AuthContext, activityId: number) {
    const [row]: Array<{ course_id: string; active: boolean }> = await this.dataSource.query(
      `SELECT m.course_id, (a.is_active AND m.is_active) AS active
         FROM activities a JOIN modules m ON m.id = a.module_id JOIN courses c ON c.id = m.course_id
        WHERE a.id = $1 AND c.tenant_id = $2 AND a.deleted_at IS NULL AND m.deleted_at IS NULL`,
      [activityId, auth.tenantId],
    );
    if (!row) throw notFound('Activity not found');
    return { courseId: Number(row.course_id), active: row.active };
  }

  private rights(auth: AuthContext, thread: Thread, staff: boolean) {
    const own = !thread.isIntroduction && thread.authorId !== null && Number(thread.authorId) === auth.userId;
    return { canEdit: staff || own, canModerate: staff };
  }

  private async readOne(thread: Thread, viewer: Viewer): Promise<ReadThread> {
    return (await this.read([thread], (item) => this.rights(viewer.auth, item, viewer.staff)))[0];
  }

  private async read(
    threads: Thread[],
    rights: (thread: Thread) => { canEdit: boolean; canModerate: boolean },
  ): Promise<ReadThread[]> {
    const authors = await this.access.authors(
      threads
        .filter((thread) => thread.authorId !== null)
        .map((thread) => ({ userId: Number(thread.authorId), courseId: Number(thread.courseId) })),
    );
    return threads.map((thread) =>
      Object.assign(thread, {
        writer:
          thread.authorId === null ? null : (authors.get(`${thread.authorId}:${thread.courseId}`) ?? null),
        rights: rights(thread),
      }),
    );
  }
}

const post = (thread: Thread) => ({
  threadId: Number(thread.id),
  replyId: null,
  courseId: Number(thread.courseId),
});
