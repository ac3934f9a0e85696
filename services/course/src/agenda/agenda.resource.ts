import { defineResource, z } from '@lms/jsonapi';
import { AGENDA_ITEM_TYPES, type AgendaItemType } from './agenda.sources';

export const AGENDA_EVENTS = ['opens', 'closes'] as const;

/** One dated event of an item: an exam, task, module, activity or form opening or closing (due). */
export interface AgendaEntry {
  itemType: AgendaItemType;
  itemId: number;
  event: (typeof AGENDA_EVENTS)[number];
  at: Date;
  name: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  startAt: Date | null;
  endAt: Date | null;
}

export const agendaResource = defineResource({
  name: 'AgendaItem',
  type: 'agendas',
  id: (entry: AgendaEntry) => `${entry.itemType}-${entry.itemId}-${entry.event}`,
  schema: {
    item_type: z.enum(AGENDA_ITEM_TYPES),
    item_id: z.int(),
    event: z.enum(AGENDA_EVENTS),
    at: z.date(),
    name: z.string(),
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
  },
  attributes: (entry: AgendaEntry) => ({
    item_type: entry.itemType,
    item_id: entry.itemId,
    event: entry.event,
    at: entry.at,
    name: entry.name,
    course_id: entry.courseId,
    course_name: entry.courseName,
    course_code: entry.courseCode,
    start_at: entry.startAt,
    end_at: entry.endAt,
  }),
});
