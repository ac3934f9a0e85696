import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, conflict, notFound, type ParsedQuery, type z } from '@lms/jsonapi';
import { plainTextOf, requiredRichText } from '@lms/richtext';
import { SEARCH_CONFIG, searchQuery } from '../search/search-query';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { filterConditions, pageOfRows } from '../work/page-of-rows';
import { Note } from './note.entity';
import type { ReadNote } from './notes.resource';
import type { noteCreateRules, noteUpdateRules } from './space.rules';
import { SPACE_ITEM_SOURCES, type SpaceItemRow, webLinkOf } from './space-items.sql';

/** Longest search text. */
export const MAX_SEARCH_LENGTH = 200;
/** Characters of a note's plain text listed as its excerpt. */
const EXCERPT_LENGTH = 200;

interface NoteRow extends SpaceItemRow {
  id: string | number;
  body: string;
  excerpt: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * The notes of the caller (`$1` campus, `$2` caller) on contents they may still see, with the
 * content and its course; `extra` conditions on `n` (the note).
 */
const NOTES_SQL = (
  extra: string[],
  rank: string,
) => `WITH ${MY_COURSES_CTE}, item AS (${SPACE_ITEM_SOURCES.content})
  SELECT n.id, n.body, left(n.plain_text, ${EXCERPT_LENGTH}) AS excerpt, n.created_at, n.updated_at,
         item.*, mine.name AS course_name, mine.code AS course_code, ${rank} AS rank
    FROM notes n
    JOIN item ON item.item_id = n.content_id
    JOIN mine ON mine.id = item.course_id
   WHERE n.tenant_id = $1 AND n.user_id = $2 ${extra.map((condition) => `AND ${condition}`).join(' ')}`;

/**
 * Private notes on contents (issue 21): one per user and content, sanitized rich text, only ever
 * the caller's own (anyone else's is 404 whatever the id), listed and found only while their
 * content is one the caller may see.
 */
@Injectable()
export class NotesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadNote[], number]> {
    const parameters: unknown[] = [auth.tenantId, auth.userId];
    const search = query.filters.find((filter) => filter.field === 'search');
    const text = typeof search?.value === 'string' ? search.value.trim() : '';
    if (text.length > MAX_SEARCH_LENGTH)
      throw badRequest(`search is at most ${MAX_SEARCH_LENGTH} characters`, 'filter[search]');
    const conditions = filterConditions(
      query.filters.filter((filter) => filter !== search),
      parameters,
    );
    let rank = '0';
    if (text !== '') {
      const found = await searchQuery(this.dataSource, text);
      if (found === null) conditions.push('false');
      else {
        parameters.push(found);
        const tsquery = `$${parameters.length}::tsquery`;
        conditions.push(`to_tsvector('${SEARCH_CONFIG}', n.plain_text) @@ ${tsquery}`);
        rank = `ts_rank(to_tsvector('${SEARCH_CONFIG}', n.plain_text), ${tsquery})`;
      }
    }
    const [rows, total] = await pageOfRows<NoteRow>(
      this.dataSource,
      NOTES_SQL(conditions, rank),
      parameters,
      query,
      'page.rank DESC, page.updated_at DESC, page.id DESC',
    );
    return [rows.map(readNote), total];
  }

  async get(auth: AuthContext, id: number): Promise<ReadNote> {
    const [row]: NoteRow[] = await this.dataSource.query(NOTES_SQL(['n.id = $3'], '0'), [
      auth.tenantId,
      auth.userId,
      id,
    ]);
    if (!row) throw notFound('Note not found');
    return readNote(row);
  }

  /** A note on a content the caller may see (404 otherwise); a second note on it is 409. */
  async create(auth: AuthContext, input: z.output<typeof noteCreateRules>): Promise<ReadNote> {
    const body = requiredRichText(input.body, 'body');
    const [content]: Array<{ course_id: string }> = await this.dataSource.query(
      `WITH ${MY_COURSES_CTE} SELECT item.course_id FROM (${SPACE_ITEM_SOURCES.content}) item WHERE item.item_id = $3`,
      [auth.tenantId, auth.userId, input.content_id],
    );
    if (!content) throw notFound('Content not found');
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO notes (tenant_id, user_id, content_id, course_id, body, plain_text)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT notes_user_content_key DO NOTHING RETURNING id`,
      [auth.tenantId, auth.userId, input.content_id, content.course_id, body, plainTextOf(body)],
    );
    if (inserted.length === 0)
      throw conflict('You already have a note on this content: change that one', 'note_exists');
    return this.get(auth, Number(inserted[0].id));
  }

  /** Changes one of the caller's notes, while its content is one they may see. */
  async update(auth: AuthContext, id: number, input: z.output<typeof noteUpdateRules>): Promise<ReadNote> {
    const body = requiredRichText(input.body, 'body');
    await this.get(auth, id);
    await this.dataSource.getRepository(Note).update({ id }, { body, plainText: plainTextOf(body) });
    return this.get(auth, id);
  }

  /** Deletes one of the caller's notes (also when its content is no longer visible). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const { affected } = await this.dataSource
      .getRepository(Note)
      .delete({ id, tenantId: auth.tenantId, userId: auth.userId });
    if (!affected) throw notFound('Note not found');
  }
}

function readNote(row: NoteRow): ReadNote {
  return {
    id: Number(row.id),
    contentId: Number(row.item_id),
    contentName: row.title,
    courseId: Number(row.course_id),
    courseName: row.course_name,
    courseCode: row.course_code,
    body: row.body,
    excerpt: row.excerpt,
    link: webLinkOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
