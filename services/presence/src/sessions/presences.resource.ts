import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { MARK_SOURCES, type PresenceSession, PRESENCE_TYPES, type PresenceType } from './presence.entity';

/** A student's row in a session: their mark, or nulls while unmarked. */
export interface DetailRow {
  user_id: number;
  code: string | null;
  name: string;
  role: 'STUDENT';
  status: 0 | 1 | null;
  type: PresenceType | null;
  marked_at: Date | null;
  source: (typeof MARK_SOURCES)[number] | null;
}

/** How many students of the class hold each mark (and none). */
export type PresenceCounts = Record<PresenceType | 'unmarked' | 'students', number>;

/** A session as its reader may see it. */
export type ReadPresence = PresenceSession & {
  className: string;
  /** The reader teaches the course. */
  viewerStaff: boolean;
  /** Staff and administrators: every student of the class; a student: their own row; lists: none. */
  details: DetailRow[];
  myDetail: DetailRow | null;
  counts: PresenceCounts | null;
};

/** The preview page of a module of the course, where a topic links to (spec 03 §2). */
export const topicUrl = (courseId: number, topicId: number) => `/courses/${courseId}/preview/${topicId}`;

const detailSchema = z.object({
  user_id: z.int(),
  code: z.string().nullable(),
  name: z.string(),
  role: z.enum(['STUDENT']),
  status: z.union([z.literal(0), z.literal(1)]).nullable(),
  type: z.enum(PRESENCE_TYPES).nullable(),
  marked_at: z.date().nullable(),
  source: z.enum(MARK_SOURCES).nullable(),
});

/** True while students may check in: inside the window and not sent. */
export const isOpen = (session: PresenceSession, now = new Date()) =>
  !session.isSent && session.presenceStart <= now && now <= session.presenceEnd;

/**
 * A class session (spec 03 §3 "Presence"): `topic` and `url` are the spec's joined forms of
 * `topics`. The check-in code and the counts are the staff's; a student reads their own row.
 */
export const presenceResource = defineResource({
  name: 'Presence',
  type: 'presences',
  schema: {
    course_id: z.int(),
    class_id: z.int(),
    class_name: z.string(),
    act_code: z.string().nullable(),
    start_at: z.date(),
    end_at: z.date(),
    presence_start: z.date(),
    presence_end: z.date(),
    note: z.string().nullable(),
    topics: z.array(z.object({ id: z.int(), name: z.string(), url: z.string() })),
    topic: z.string(),
    url: z.string(),
    is_sent: z.boolean(),
    sent_at: z.date().nullable(),
    is_open: z.boolean(),
    check_in_code: z.string().nullable(),
    counts: z
      .object({
        attend: z.int(),
        sick: z.int(),
        absent: z.int(),
        leave: z.int(),
        other: z.int(),
        unmarked: z.int(),
        students: z.int(),
      })
      .nullable(),
    details: z.array(detailSchema),
    my_detail: detailSchema.nullable(),
    can_edit: z.boolean(),
  },
  attributes: (session: ReadPresence) => {
    const courseId = Number(session.courseId);
    const topics = session.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      url: topicUrl(courseId, topic.id),
    }));
    return {
      course_id: courseId,
      class_id: Number(session.classId),
      class_name: session.className,
      act_code: session.actCode,
      start_at: session.startAt,
      end_at: session.endAt,
      presence_start: session.presenceStart,
      presence_end: session.presenceEnd,
      note: session.note,
      topics,
      topic: topics.map((topic) => topic.name).join(';'),
      url: topics.map((topic) => topic.url).join(';'),
      is_sent: session.isSent,
      sent_at: session.sentAt,
      is_open: isOpen(session),
      check_in_code: session.viewerStaff ? session.checkInCode : null,
      counts: session.counts,
      details: session.details,
      my_detail: session.myDetail,
      can_edit: session.viewerStaff,
    };
  },
});

/** `GET /course/presences`: by course and class, by start (spec 03 §7), 10 a page. */
export const presenceQuery: QuerySpec = {
  filters: {
    course_id: { column: 'presence.course_id', type: 'integer', ops: ['is', 'in'] },
    class_id: { column: 'presence.class_id', type: 'integer', ops: ['is', 'in'] },
    is_sent: { column: 'presence.is_sent', type: 'boolean', ops: ['is'] },
    start_at: { column: 'presence.start_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
  },
  sorts: { id: 'presence.id', start_at: 'presence.start_at', end_at: 'presence.end_at' },
  defaultSort: 'start_at',
};

/** A class the caller teaches or studies in, with its sessions so far (`GET /course/presences/list`). */
export interface PresenceClassRow {
  classId: number;
  className: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  periodId: number | null;
  role: 'lecturer' | 'assistant' | 'student' | 'admin';
  sessions: number;
  sent: number;
  lastStartAt: Date | null;
}

export const presenceClassResource = defineResource({
  name: 'PresenceClass',
  type: 'presence-classes',
  id: (row: PresenceClassRow) => row.classId,
  schema: {
    course_id: z.int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    period_id: z.int().nullable(),
    class_id: z.int(),
    class_name: z.string(),
    role: z.enum(['lecturer', 'assistant', 'student', 'admin']),
    sessions: z.int(),
    sent: z.int(),
    last_start_at: z.date().nullable(),
  },
  attributes: (row: PresenceClassRow) => ({
    course_id: row.courseId,
    course_name: row.courseName,
    course_code: row.courseCode,
    period_id: row.periodId,
    class_id: row.classId,
    class_name: row.className,
    role: row.role,
    sessions: row.sessions,
    sent: row.sent,
    last_start_at: row.lastStartAt,
  }),
});
