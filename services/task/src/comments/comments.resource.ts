import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { storedFileSchema } from '@lms/storage';
import type { Comment } from './comment.entity';

/** A comment as the service reads it: who wrote it, and whether they teach the course. */
export type ReadComment = Comment & {
  author: { id: number; name: string; username: string; is_staff: boolean };
};

/** A comment on an answer (spec 02 §3 "Comment"): plain text and files, by its student(s) or the staff. */
export const commentResource = defineResource({
  name: 'TaskComment',
  type: 'comments',
  schema: {
    commentable_type: z.string(),
    commentable_id: z.int(),
    comment: z.string(),
    files: z.array(storedFileSchema),
    author: z.object({ id: z.int(), name: z.string(), username: z.string(), is_staff: z.boolean() }),
    created_at: z.date(),
  },
  attributes: (comment: ReadComment) => ({
    commentable_type: comment.commentableType,
    commentable_id: Number(comment.commentableId),
    comment: comment.comment,
    files: comment.files,
    author: comment.author,
    created_at: comment.createdAt,
  }),
});

/** `GET /course/comments`: the thread of one answer, oldest first. */
export const commentQuery: QuerySpec = {
  filters: {
    commentable_type: { column: 'comment.commentable_type', type: 'string', ops: ['is'] },
    commentable_id: { column: 'comment.commentable_id', type: 'integer', ops: ['is'] },
  },
  sorts: { id: 'comment.id', created_at: 'comment.created_at' },
  defaultSort: 'created_at,id',
};
