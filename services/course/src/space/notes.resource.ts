import { defineResource, type QuerySpec, z } from '@lms/jsonapi';

/** A note as read: its content's name, course and link besides its own fields. */
export interface ReadNote {
  id: number;
  contentId: number;
  contentName: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  body: string;
  excerpt: string;
  link: string;
  createdAt: Date;
  updatedAt: Date;
}

export const noteResource = defineResource({
  name: 'Note',
  type: 'notes',
  schema: {
    content_id: z.int(),
    content_name: z.string(),
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    /** Sanitized rich text (HTML). */
    body: z.string(),
    /** The start of the note as plain text, for lists. */
    excerpt: z.string(),
    /** The web client's path to the content. */
    link: z.string(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (note: ReadNote) => ({
    content_id: note.contentId,
    content_name: note.contentName,
    course_id: note.courseId,
    course_name: note.courseName,
    course_code: note.courseCode,
    body: note.body,
    excerpt: note.excerpt,
    link: note.link,
    created_at: note.createdAt,
    updated_at: note.updatedAt,
  }),
});

/**
 * `filter[search]` (full-text, the way a web search box reads: words, "a phrase", -not, or),
 * `filter[content_id]`, `filter[course_id]`; the best matches first when searching, otherwise the
 * latest changed.
 */
export const noteQuery: QuerySpec = {
  filters: {
    search: { column: 'search', type: 'string', ops: ['is'] },
    content_id: { column: 'n.content_id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'n.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: {},
  defaultLimit: 20,
  maxLimit: 100,
};
