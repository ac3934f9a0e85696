import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, notFound, parseWireDate } from '@lms/jsonapi';
import { CourseAccess } from '../courses/course-access.service';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import type { AgendaEntry } from './agenda.resource';
import { AGENDA_SOURCES } from './agenda.sources';

/** A span of the campus's calendar: `[from, to)` as instants. */
export interface AgendaRange {
  from: Date;
  to: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/**
 * The day (`date=YYYY-MM-DD`) or month (`month=YYYY-MM`) asked for, from midnight to midnight on
 * the campus's clocks: one of the two, well formed (400 naming the parameter otherwise).
 */
export function agendaRange(date: unknown, month: unknown, timeZone: string): AgendaRange {
  if (date !== undefined && month !== undefined)
    throw badRequest('Send either date (a day) or month, not both', 'month');
  if (date !== undefined) {
    if (typeof date !== 'string' || !DATE.test(date))
      throw badRequest('date must be a day as YYYY-MM-DD', 'date');
    const from = parseDay(date, timeZone, 'date');
    const [year, mon, day] = date.split('-').map(Number);
    const next = new Date(Date.UTC(year, mon - 1, day + 1));
    return { from, to: parseDay(next.toISOString().slice(0, 10), timeZone, 'date') };
  }
  if (month !== undefined) {
    const match = typeof month === 'string' ? MONTH.exec(month) : null;
    if (!match) throw badRequest('month must be a month as YYYY-MM', 'month');
    const [year, mon] = [Number(match[1]), Number(match[2])];
    if (mon < 1 || mon > 12) throw badRequest('month must be a month as YYYY-MM', 'month');
    const next = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
    return {
      from: parseDay(`${match[1]}-${match[2]}-01`, timeZone, 'month'),
      to: parseDay(next, timeZone, 'month'),
    };
  }
  throw badRequest('date (YYYY-MM-DD) or month (YYYY-MM) is required', 'date');
}

function parseDay(day: string, timeZone: string, parameter: string): Date {
  try {
    return parseWireDate(day, timeZone);
  } catch {
    throw badRequest(`${day} is not a day of the calendar`, parameter);
  }
}

interface AgendaRow {
  item_type: AgendaEntry['itemType'];
  item_id: string | number;
  event: AgendaEntry['event'];
  at: Date;
  name: string;
  course_id: string | number;
  course_name: string;
  course_code: string | null;
  start_at: Date | null;
  end_at: Date | null;
}

/**
 * The agenda: what opens and closes in the caller's courses within a day or a month — one query
 * over the sources of `agenda.sources.ts`, earliest first. Reads only this service's tables
 * (its own courses and structure, and its projections of exams and tasks).
 */
@Injectable()
export class AgendaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
  ) {}

  /** The caller's agenda over `range`; of one course when `courseId` is given (404 unless a member). */
  async list(auth: AuthContext, range: AgendaRange, courseId?: number): Promise<AgendaEntry[]> {
    if (
      courseId !== undefined &&
      (await this.access.courseRole(auth.tenantId, courseId, auth.userId)) === null
    )
      throw notFound('Course not found');
    const rows: AgendaRow[] = await this.dataSource.query(
      `WITH ${MY_COURSES_CTE},
       items AS (${AGENDA_SOURCES.join('\n UNION ALL ')}),
       events AS (
         SELECT items.*, 'opens' AS event, items.start_at AS at FROM items
          WHERE items.start_at >= $3 AND items.start_at < $4
         UNION ALL
         SELECT items.*, 'closes', items.end_at FROM items
          WHERE items.end_at >= $3 AND items.end_at < $4
       )
       SELECT events.*, mine.name AS course_name, mine.code AS course_code
         FROM events JOIN mine ON mine.id = events.course_id
        WHERE $5::bigint IS NULL OR events.course_id = $5
        ORDER BY events.at, events.item_type, events.item_id, events.event DESC`,
      [auth.tenantId, auth.userId, range.from, range.to, courseId ?? null],
    );
    return rows.map((row) => ({
      itemType: row.item_type,
      itemId: Number(row.item_id),
      event: row.event,
      at: row.at,
      name: row.name,
      courseId: Number(row.course_id),
      courseName: row.course_name,
      courseCode: row.course_code,
      startAt: row.start_at,
      endAt: row.end_at,
    }));
  }
}
