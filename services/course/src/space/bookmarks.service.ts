import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { notFound, type ParsedQuery, type z } from '@lms/jsonapi';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { filterConditions, pageOfRows } from '../work/page-of-rows';
import { Bookmark } from './bookmark.entity';
import type { ReadBookmark } from './bookmarks.resource';
import type { bookmarkCreateRules } from './space.rules';
import {
  SPACE_ITEM_SOURCES,
  SPACE_ITEMS,
  type SpaceItemKind,
  type SpaceItemRow,
  webLinkOf,
} from './space-items.sql';

interface BookmarkRow extends SpaceItemRow {
  bookmark_id: string | number;
  created_at: Date;
}

const NOT_FOUND: Record<SpaceItemKind, string> = {
  content: 'Content not found',
  exam: 'Exam not found',
  task: 'Task not found',
  thread: 'Thread not found',
};

/**
 * A user's bookmarks of contents, exams, tasks and threads (issue 21): only their own, only of
 * items they may see — when bookmarked (404 otherwise) and whenever listed (a bookmark of an item
 * since hidden, unpublished or deleted, or of a course they left, is kept but not listed).
 */
@Injectable()
export class BookmarksService {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller's bookmarks of items they may see, newest first. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadBookmark[], number]> {
    const parameters: unknown[] = [auth.tenantId, auth.userId];
    const conditions = filterConditions(query.filters, parameters);
    const [rows, total] = await pageOfRows<BookmarkRow>(
      this.dataSource,
      `WITH ${MY_COURSES_CTE}, item AS (${SPACE_ITEMS})
       SELECT b.id AS bookmark_id, b.created_at, item.*, mine.name AS course_name, mine.code AS course_code
         FROM bookmarks b
         JOIN item ON item.kind = b.kind AND item.item_id = b.item_id
         JOIN mine ON mine.id = item.course_id
        WHERE b.tenant_id = $1 AND b.user_id = $2 ${conditions.map((condition) => `AND ${condition}`).join(' ')}`,
      parameters,
      query,
      'page.created_at DESC, page.bookmark_id DESC',
    );
    return [rows.map(readBookmark), total];
  }

  /** Bookmarks an item the caller may see (404 otherwise); bookmarking it again keeps the one bookmark. */
  async create(auth: AuthContext, input: z.output<typeof bookmarkCreateRules>): Promise<ReadBookmark> {
    const [item]: SpaceItemRow[] = await this.dataSource.query(
      `WITH ${MY_COURSES_CTE}
       SELECT item.*, mine.name AS course_name, mine.code AS course_code
         FROM (${SPACE_ITEM_SOURCES[input.kind]}) item JOIN mine ON mine.id = item.course_id
        WHERE item.item_id = $3`,
      [auth.tenantId, auth.userId, input.item_id],
    );
    if (!item) throw notFound(NOT_FOUND[input.kind]);
    const [bookmark]: Array<{ id: string; created_at: Date }> = await this.dataSource.query(
      `INSERT INTO bookmarks (tenant_id, user_id, kind, item_id, course_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT bookmarks_user_item_key DO UPDATE SET kind = EXCLUDED.kind
       RETURNING id, created_at`,
      [auth.tenantId, auth.userId, input.kind, input.item_id, item.course_id],
    );
    return readBookmark({ ...item, bookmark_id: bookmark.id, created_at: bookmark.created_at });
  }

  /** Removes one of the caller's bookmarks; anyone else's is 404. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const { affected } = await this.dataSource
      .getRepository(Bookmark)
      .delete({ id, tenantId: auth.tenantId, userId: auth.userId });
    if (!affected) throw notFound('Bookmark not found');
  }
}

function readBookmark(row: BookmarkRow): ReadBookmark {
  return {
    id: Number(row.bookmark_id),
    kind: row.kind,
    itemId: Number(row.item_id),
    title: row.title,
    detail: row.detail,
    courseId: Number(row.course_id),
    courseName: row.course_name,
    courseCode: row.course_code,
    link: webLinkOf(row),
    createdAt: row.created_at,
  };
}
