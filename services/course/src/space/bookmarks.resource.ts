import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { SPACE_ITEM_KINDS, type SpaceItemKind } from './space-items.sql';

/** A bookmark as listed: the item it points at, its course and where the web client opens it. */
export interface ReadBookmark {
  id: number;
  kind: SpaceItemKind;
  itemId: number;
  title: string;
  /** A content's type; null for the other kinds. */
  detail: string | null;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  link: string;
  createdAt: Date;
}

export const bookmarkResource = defineResource({
  name: 'Bookmark',
  type: 'bookmarks',
  schema: {
    kind: z.enum(SPACE_ITEM_KINDS),
    item_id: z.int(),
    title: z.string(),
    /** A content's type (`text`, `zoom`, …); null for exams, tasks and threads. */
    detail: z.string().nullable(),
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    /** The web client's path to the item. */
    link: z.string(),
    created_at: z.date(),
  },
  attributes: (bookmark: ReadBookmark) => ({
    kind: bookmark.kind,
    item_id: bookmark.itemId,
    title: bookmark.title,
    detail: bookmark.detail,
    course_id: bookmark.courseId,
    course_name: bookmark.courseName,
    course_code: bookmark.courseCode,
    link: bookmark.link,
    created_at: bookmark.createdAt,
  }),
});

/** `filter[kind]`, `filter[item_id]`, `filter[course_id]`; newest first. */
export const bookmarkQuery: QuerySpec = {
  filters: {
    kind: { column: 'b.kind', type: 'string', ops: ['is', 'in'] },
    item_id: { column: 'b.item_id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'item.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: {},
  defaultLimit: 20,
  maxLimit: 100,
};
