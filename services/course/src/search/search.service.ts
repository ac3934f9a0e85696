import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, type ParsedQuery, unprocessableParameter } from '@lms/jsonapi';
import { webLinkOf } from '../space/space-items.sql';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { pageOfRows } from '../work/page-of-rows';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH, type SearchHit } from './search.resource';
import { courseSource, personSource, SEARCH_KINDS, SEARCH_SOURCES, type SearchKind } from './search.sql';
import { SEARCH_CONFIG, searchQuery } from './search-query';

/** ts_headline's options: one fragment of about a line, no markup (the web client marks the words). */
const SNIPPET_OPTIONS = 'MaxFragments=1, MaxWords=24, MinWords=10, StartSel="", StopSel=""';

interface HitRow {
  kind: SearchKind;
  item_id: string | number;
  course_id: string | number | null;
  title: string;
  detail: string | null;
  body: string | null;
  hidden: boolean;
  module_id: string | number | null;
  activity_id: string | number | null;
  course_name: string | null;
  course_code: string | null;
}

/** The search text: one string of MIN_QUERY_LENGTH to MAX_QUERY_LENGTH characters (a 422 naming `q` otherwise). */
function searchText(q: unknown): string {
  if (Array.isArray(q)) throw unprocessableParameter('q', 'q must be given once');
  const text = typeof q === 'string' ? q.trim() : '';
  if (text.length < MIN_QUERY_LENGTH)
    throw unprocessableParameter('q', `q must be at least ${MIN_QUERY_LENGTH} characters`);
  if (text.length > MAX_QUERY_LENGTH)
    throw unprocessableParameter('q', `q must be at most ${MAX_QUERY_LENGTH} characters`);
  if (text.includes('\u0000')) throw unprocessableParameter('q', 'q must not contain NUL characters');
  return text;
}

/** The kinds `filter[kind]` asks for (all when absent); an unknown kind is a 400. */
function kindsOf(query: ParsedQuery): readonly SearchKind[] {
  const filter = query.filters.find((candidate) => candidate.field === 'kind');
  if (!filter) return SEARCH_KINDS;
  const asked = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
  const unknown = asked.find((kind) => !(SEARCH_KINDS as readonly string[]).includes(kind));
  if (unknown !== undefined)
    throw badRequest(
      `filter[kind] must be one of ${SEARCH_KINDS.join(', ')}, not "${unknown}"`,
      'filter[kind]',
    );
  return SEARCH_KINDS.filter((kind) => asked.includes(kind));
}

/** Where the web client opens a hit: a course's page, a message to a person, an item (webLinkOf). */
function linkOf(row: HitRow): string {
  if (row.kind === 'course') return `/courses/${row.item_id}`;
  if (row.kind === 'person') {
    const to = new URLSearchParams({ to: String(row.item_id) });
    if (row.course_id !== null) to.set('course', String(row.course_id));
    return `/messages/new?${to.toString()}`;
  }
  return webLinkOf({ ...row, kind: row.kind, course_id: row.course_id ?? '' });
}

/**
 * The global search (issue 21) on PostgreSQL full-text search over the course service's own
 * tables and projections (src/search/search.sql.ts), never another service: each kind's hits are
 * those its own lists would show the caller — an admin finds the campus's courses and people.
 */
@Injectable()
export class SearchService {
  constructor(private readonly dataSource: DataSource) {}

  async find(auth: AuthContext, q: unknown, query: ParsedQuery): Promise<[SearchHit[], number]> {
    const text = searchText(q);
    const kinds = kindsOf(query);
    const tsquery = await searchQuery(this.dataSource, text);
    const admin = auth.role === 'admin';
    const sources = kinds.flatMap((kind) => {
      if (kind === 'course') return [courseSource(admin)];
      if (kind === 'person')
        return [personSource(admin ? 'campus' : auth.role === 'lecturer' ? 'lecturers' : 'members')];
      return admin ? [] : [SEARCH_SOURCES[kind]];
    });
    if (tsquery === null || sources.length === 0) return [[], 0];
    const [rows, total] = await pageOfRows<HitRow>(
      this.dataSource,
      `WITH ${MY_COURSES_CTE}, hit AS (${sources.join('\n UNION ALL ')})
       SELECT hit.*, course.name AS course_name, course.code AS course_code
         FROM hit LEFT JOIN courses course ON course.id = hit.course_id`,
      [auth.tenantId, auth.userId, tsquery],
      query,
      'page.rank DESC, page.kind, page.item_id',
    );
    const snippets = await this.snippets(
      rows.map((row) => row.body),
      tsquery,
    );
    return [
      rows.map((row, index) => ({
        kind: row.kind,
        itemId: Number(row.item_id),
        title: row.title,
        detail: row.detail,
        snippet: snippets[index],
        hidden: row.hidden,
        courseId: row.course_id === null ? null : Number(row.course_id),
        courseName: row.course_name,
        courseCode: row.course_code,
        link: linkOf(row),
      })),
      total,
    ];
  }

  /** The snippet of each body around the query's words (only the page's, ts_headline being costly). */
  private async snippets(bodies: Array<string | null>, tsquery: string): Promise<Array<string | null>> {
    if (!bodies.some((body) => body !== null && body.trim() !== '')) return bodies.map(() => null);
    const rows: Array<{ snippet: string | null }> = await this.dataSource.query(
      `SELECT ts_headline('${SEARCH_CONFIG}', body.text, $2::tsquery, '${SNIPPET_OPTIONS}') AS snippet
         FROM unnest($1::text[]) WITH ORDINALITY AS body(text, position) ORDER BY body.position`,
      [bodies, tsquery],
    );
    return rows.map(({ snippet }) => {
      const plain = snippet?.replace(/\s+/g, ' ').trim();
      return plain ? plain : null;
    });
  }
}
