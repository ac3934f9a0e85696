import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { type StoredFile } from '@lms/storage';
import {
  attributePointer,
  badRequest,
  defineList,
  notFound,
  type ParsedQuery,
  unprocessable,
  type z,
} from '@lms/jsonapi';
import { TaskAccess } from '../answers/task-access';
import { Comment } from './comment.entity';
import type { ReadComment } from './comments.resource';
import type { commentRules } from './comments.rules';

const commentList = defineList<Comment>({ entity: Comment, alias: 'comment' });

/**
 * Comments on answers (`/course/comments`): read and written by whoever may read the answer — the
 * staff of its task's course, its student, the members of its group. Others get a 404.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: TaskAccess,
  ) {}

  /** The thread of one answer: `filter[commentable_type]=task_answer&filter[commentable_id]=`. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadComment[], number]> {
    const answerId = query.filters.find(
      (filter) => filter.field === 'commentable_id' && filter.op === 'is',
    )?.value;
    if (!query.filters.some((filter) => filter.field === 'commentable_type'))
      throw badRequest('filter[commentable_type] is required (task_answer)', 'filter[commentable_type]');
    if (typeof answerId !== 'number')
      throw badRequest('filter[commentable_id] is required: the answer', 'filter[commentable_id]');
    const { task } = await this.access.answer(auth, answerId);
    const [comments, total] = await commentList.page(
      this.dataSource,
      { where: ['comment.tenant_id = :tenantId'], params: { tenantId: auth.tenantId } },
      query,
    );
    return [await this.read(comments, Number(task.courseId)), total];
  }

  async create(
    auth: AuthContext,
    input: z.output<typeof commentRules>,
    files: StoredFile[],
  ): Promise<ReadComment> {
    const { task } = await this.access.answer(auth, input.commentable_id);
    const text = (input.comment ?? '').trim();
    if (text === '' && files.length === 0)
      throw unprocessable([
        { pointer: attributePointer('comment'), detail: 'comment is required (or a file)' },
      ]);
    const comment = await this.dataSource.manager.save(
      Object.assign(new Comment(), {
        tenantId: auth.tenantId,
        commentableType: input.commentable_type,
        commentableId: input.commentable_id,
        authorId: auth.userId,
        comment: text,
        files,
      }),
    );
    return (await this.read([comment], Number(task.courseId)))[0];
  }

  /** The files of a comment the caller may read (through its answer). */
  async filesOf(auth: AuthContext, commentId: number): Promise<StoredFile[]> {
    const comment = await this.dataSource.manager.findOneBy(Comment, {
      id: commentId,
      tenantId: auth.tenantId,
    });
    if (!comment) throw notFound('Comment not found');
    await this.access.answer(auth, Number(comment.commentableId)).catch(() => {
      throw notFound('Comment not found');
    });
    return comment.files;
  }

  /** The comments with their authors, each marked whether they teach the course. */
  private async read(comments: Comment[], courseId: number): Promise<ReadComment[]> {
    if (comments.length === 0) return [];
    const ids = [...new Set(comments.map((comment) => Number(comment.authorId)))];
    const rows: Array<{ id: string; name: string | null; username: string | null; is_staff: boolean }> =
      await this.dataSource.query(
        `SELECT a.id, u.name, u.username,
                EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = $2 AND cs.user_id = a.id) AS is_staff
           FROM unnest($1::bigint[]) AS a(id) LEFT JOIN users u ON u.id = a.id`,
        [ids, courseId],
      );
    const authors = new Map(
      rows.map((row) => [
        Number(row.id),
        {
          id: Number(row.id),
          name: row.name ?? `#${row.id}`,
          username: row.username ?? '',
          is_staff: row.is_staff,
        },
      ]),
    );
    return comments.map((comment) =>
      Object.assign(comment, {
        author: authors.get(Number(comment.authorId)) ?? {
          id: Number(comment.authorId),
          name: `#${comment.authorId}`,
          username: '',
          is_staff: false,
        },
      }),
    );
  }
}
