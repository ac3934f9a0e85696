import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { SEARCH_KINDS, type SearchKind } from './search.sql';

/** Longest and shortest search text (`q`), in characters. */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;

/** One hit of the global search: what it is, where it sits and where the web client opens it. */
export interface SearchHit {
  kind: SearchKind;
  itemId: number;
  title: string;
  /** A content's type, a course's code, a person's role; null for the other kinds. */
  detail: string | null;
  /** Plain text around the matched words of the item's visible text; null when it has none. */
  snippet: string | null;
  /** Hidden from students (a hidden content or thread, an unpublished exam, an inactive task): staff only. */
  hidden: boolean;
  courseId: number | null;
  courseName: string | null;
  courseCode: string | null;
  link: string;
}

export const searchHitResource = defineResource({
  name: 'SearchHit',
  type: 'search-hits',
  id: (hit: SearchHit) => `${hit.kind}-${hit.itemId}`,
  schema: {
    kind: z.enum(SEARCH_KINDS),
    item_id: z.int(),
    title: z.string(),
    /** A content's type, a course's code, a person's role (`student`, `lecturer`, `admin`); null otherwise. */
    detail: z.string().nullable(),
    /** Plain text (never HTML) around the matched words; null when the item has no text besides its title. */
    snippet: z.string().nullable(),
    /** Hidden from the course's students: only those who teach it find it. */
    hidden: z.boolean(),
    /** The item's course (a course's own id; for a person, a course shared with the caller, or null). */
    course_id: z.int().nullable(),
    course_name: z.string().nullable(),
    course_code: z.string().nullable(),
    /** The web client's path to the item. */
    link: z.string(),
  },
  attributes: (hit: SearchHit) => ({
    kind: hit.kind,
    item_id: hit.itemId,
    title: hit.title,
    detail: hit.detail,
    snippet: hit.snippet,
    hidden: hit.hidden,
    course_id: hit.courseId,
    course_name: hit.courseName,
    course_code: hit.courseCode,
    link: hit.link,
  }),
});

/** `filter[kind]` (one kind, or `[in]` several), `page[limit]` (20, at most 50) and `page[offset]`. */
export const searchQuery: QuerySpec = {
  filters: {
    kind: { column: 'kind', type: 'string', ops: ['is', 'in'] },
  },
  sorts: {},
  defaultLimit: 20,
  maxLimit: 50,
};
