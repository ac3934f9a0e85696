import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import type { ParsedQuery } from '@lms/jsonapi';
import { CONFERENCE_TYPES } from '../contents/content.entity';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { filterConditions, pageOfRows } from '../work/page-of-rows';
import type { ReadConference } from './conferences.resource';
import { SPACE_ITEM_SOURCES, type SpaceItemRow, webLinkOf } from './space-items.sql';

interface ConferenceRow extends SpaceItemRow {
  url: string | null;
  start_at: Date | null;
  end_at: Date | null;
  upcoming: boolean;
  updated_at: Date;
}

/**
 * `GET /course/conferences` (`/vicon`): the conference contents of the caller's courses they may
 * see (the rules of their contents, src/space/space-items.sql.ts). A content has no time of its
 * own: a conference takes the time of the activity it is placed in, or else of its module.
 */
@Injectable()
export class ConferencesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadConference[], number]> {
    const parameters: unknown[] = [auth.tenantId, auth.userId, [...CONFERENCE_TYPES]];
    const conditions = filterConditions(query.filters, parameters);
    const [rows, total] = await pageOfRows<ConferenceRow>(
      this.dataSource,
      `WITH ${MY_COURSES_CTE}, item AS (${SPACE_ITEM_SOURCES.content})
       SELECT item.*, mine.name AS course_name, mine.code AS course_code, c.content AS url, c.updated_at,
              place.start_at, place.end_at, COALESCE(COALESCE(place.end_at, place.start_at) > now(), FALSE) AS upcoming
         FROM item
         JOIN mine ON mine.id = item.course_id
         JOIN contents c ON c.id = item.item_id
         LEFT JOIN activities a ON a.id = item.activity_id
         LEFT JOIN modules m ON m.id = item.module_id
        CROSS JOIN LATERAL (
              SELECT CASE WHEN a.start_at IS NOT NULL OR a.end_at IS NOT NULL THEN a.start_at ELSE m.start_at END AS start_at,
                     CASE WHEN a.start_at IS NOT NULL OR a.end_at IS NOT NULL THEN a.end_at ELSE m.end_at END AS end_at) place
        WHERE item.detail = ANY($3::text[]) ${conditions.map((condition) => `AND ${condition}`).join(' ')}`,
      parameters,
      query,
      `page.upcoming DESC, CASE WHEN page.upcoming THEN COALESCE(page.start_at, page.end_at) END ASC NULLS LAST,
       page.updated_at DESC, page.item_id DESC`,
    );
    return [
      rows.map((row) => ({
        id: Number(row.item_id),
        name: row.title,
        provider: row.detail as ReadConference['provider'],
        url: row.url,
        courseId: Number(row.course_id),
        courseName: row.course_name,
        courseCode: row.course_code,
        startAt: row.start_at,
        endAt: row.end_at,
        upcoming: row.upcoming,
        link: webLinkOf(row),
        updatedAt: row.updated_at,
      })),
      total,
    ];
  }
}
