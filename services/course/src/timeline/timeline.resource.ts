import { defineResource, z } from '@lms/jsonapi';
import { TIMELINE_KINDS, type TimelineKind } from '../work/timeline-entry.entity';

export const TIMELINE_ITEM_TYPES = ['exam', 'task', 'content'] as const;

/** An entry of a timeline as read: the fact with the names of its item, course and actor. */
export interface TimelineItem {
  id: number;
  kind: TimelineKind;
  itemType: (typeof TIMELINE_ITEM_TYPES)[number];
  itemId: number;
  itemName: string | null;
  subjectId: number;
  courseId: number;
  courseName: string;
  actorId: number | null;
  actorName: string | null;
  detail: Record<string, unknown>;
  occurredAt: Date;
}

export const timelineResource = defineResource({
  name: 'TimelineEntry',
  type: 'timelines',
  schema: {
    kind: z.enum(TIMELINE_KINDS),
    item_type: z.enum(TIMELINE_ITEM_TYPES),
    item_id: z.int(),
    /** Null when the exam or task is no longer known here (deleted before this service saw it). */
    item_name: z.string().nullable(),
    subject_id: z.int(),
    course_id: z.int(),
    course_name: z.string(),
    /** Someone else who did it (a group member, the lecturer); null: the timeline's owner. */
    actor_id: z.int().nullable(),
    actor_name: z.string().nullable(),
    /** `attempt`, `reason` (exam); `is_late`, `group_id` (sent); `score`, `is_passed` when shown. */
    detail: z.record(z.string(), z.unknown()),
    occurred_at: z.date(),
  },
  attributes: (item: TimelineItem) => ({
    kind: item.kind,
    item_type: item.itemType,
    item_id: item.itemId,
    item_name: item.itemName,
    subject_id: item.subjectId,
    course_id: item.courseId,
    course_name: item.courseName,
    actor_id: item.actorId,
    actor_name: item.actorName,
    detail: item.detail,
    occurred_at: item.occurredAt,
  }),
});

/** Counts of a user's timeline: per kind, and per week of the campus's calendar. */
export interface TimelineStatistic {
  userId: number;
  weeks: Array<{ weekStart: string; total: number; counts: Record<TimelineKind, number> }>;
  totals: Record<TimelineKind, number>;
}

const kindCounts = z.object(
  Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, z.int()])) as Record<TimelineKind, z.ZodInt>,
);

export const timelineStatisticResource = defineResource({
  name: 'TimelineStatistic',
  type: 'timeline_statistics',
  id: (statistic: TimelineStatistic) => statistic.userId,
  schema: {
    /** Oldest first; `week_start` is the Monday (YYYY-MM-DD) on the campus's calendar. */
    weeks: z.array(z.object({ week_start: z.string(), total: z.int(), counts: kindCounts })),
    totals: kindCounts,
  },
  attributes: (statistic: TimelineStatistic) => ({
    weeks: statistic.weeks.map((week) => ({
      week_start: week.weekStart,
      total: week.total,
      counts: week.counts,
    })),
    totals: statistic.totals,
  }),
});
