import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { storedFileSchema } from '@lms/storage';
import type { Person } from '../people';
import type { ReadBoard } from './board-events';
import { CONTENT_TYPES, type ContentComment, type ProjectContent } from './content.entity';

/** A comment with its author. */
export type ReadComment = ContentComment & { author: Person };

/** A content as its project's members read it: a board's columns and cards, its comments. */
export type ReadContent = ProjectContent & { board: ReadBoard | null; comments: ReadComment[] | null };

export const boardSchema = z.object({
  version: z.int(),
  columns: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      cards: z.array(
        z.object({
          id: z.int(),
          title: z.string(),
          description: z.string(),
          /** The members assigned, in the order they were assigned. */
          assignee_ids: z.array(z.int()),
          due_at: z.date().nullable(),
          /** Marked done (`completed_at`: since when); a done card is never overdue. */
          is_completed: z.boolean(),
          completed_at: z.date().nullable(),
        }),
      ),
    }),
  ),
});

/**
 * A content of a project module (spec 03 §3): `text` for a text (sanitized HTML), `board` for a
 * board, `file` for a file; `comments` (oldest first) when read one by one, null in lists.
 */
export const contentResource = defineResource({
  name: 'ProjectContent',
  type: 'project-contents',
  schema: {
    project_id: z.int(),
    project_module_id: z.int(),
    name: z.string(),
    content_type: z.enum(CONTENT_TYPES),
    text: z.string().nullable(),
    board: boardSchema.nullable(),
    /** A file content's file (downloaded at `GET …/{id}/file`), null until uploaded. */
    file: storedFileSchema.nullable(),
    user_id: z.int(),
    comments: z
      .array(
        z.object({
          id: z.int(),
          comment: z.string(),
          created_at: z.date(),
          user_id: z.int(),
          user_name: z.string(),
          thumbnail: z.string().nullable(),
        }),
      )
      .nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (content: ReadContent) => ({
    project_id: Number(content.projectId),
    project_module_id: Number(content.projectModuleId),
    name: content.name,
    content_type: content.type,
    text: content.text,
    board: content.board,
    file: content.file,
    user_id: Number(content.userId),
    comments:
      content.comments?.map((comment) => ({
        id: Number(comment.id),
        comment: comment.comment,
        created_at: comment.createdAt,
        user_id: Number(comment.userId),
        user_name: comment.author.name,
        thumbnail: comment.author.thumbnail,
      })) ?? null,
    created_at: content.createdAt,
    updated_at: content.updatedAt,
  }),
});

/** `GET /project/contents`: `filter[project_module_id]` (required), oldest first. */
export const contentQuery: QuerySpec = {
  filters: {
    project_module_id: { column: 'c.project_module_id', type: 'integer', ops: ['is'] },
    type: { column: 'c.type', type: 'string', ops: ['is'] },
  },
  sorts: { id: 'c.id', name: 'c.name', updated_at: 'c.updated_at' },
  defaultSort: 'id',
  defaultLimit: 100,
};
