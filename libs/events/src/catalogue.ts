/**
 * The catalogue of every event the services exchange: one schema per event type, imported by
 * producer and consumer alike; each event's TypeScript type is inferred from its schema.
 * Versioned by adding fields only: a consumer accepts (and ignores) fields it does not know.
 */
import { z } from 'zod';
import { PLATFORM_ROLES, type PlatformRole } from '@lms/auth';

export type { PlatformRole };

const id = z.int().min(1);
/** Unique across campuses, so an id alone names the row. */
const idList = z.array(id);

/**
 * The web client's interface languages (spec 01 §9's en, de, fr, pt, and Bahasa Indonesia): what a
 * user or a campus may choose, and what a service writing to people (mails, pushes) speaks.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

export const IdentityUserUpserted = z.looseObject({
  id,
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  thumbnail: z.string().nullable(),
  role: z.enum(PLATFORM_ROLES as readonly [PlatformRole, ...PlatformRole[]]),
  active: z.boolean(),
  nidn: z.string().nullable(),
  nim: z.string().nullable(),
  /**
   * Where the user asked to receive notifications by mail (their profile's notification_email);
   * absent from events of before. Only messaging keeps it (its mail digest).
   */
  notificationEmail: z.string().nullable().optional(),
  /**
   * The interface language the user chose (null: none, their campus's default applies); absent from
   * events of before. Messaging writes their pushes and mails in it.
   */
  language: z.enum(LANGUAGES).nullable().optional(),
  /** ISO 8601 instant of the change at the source; projections never go back in time. */
  updatedAt: z.string(),
});
export type IdentityUserUpserted = z.infer<typeof IdentityUserUpserted>;

/**
 * A users import put a student in classes (named in the file's `classes` column, resolved by
 * identity to the classes of the campus's active courses of that name): the course service
 * enrols them in each class they are not in yet, moving them out of another class of the same
 * course. Recorded after the user's `identity.user.upserted` (same topic and key: the user).
 */
export const IdentityUserPlaced = z.looseObject({
  userId: id,
  classIds: z.array(id).min(1),
});
export type IdentityUserPlaced = z.infer<typeof IdentityUserPlaced>;

/**
 * A campus (tenant) was created or changed: what other services need to serve requests that
 * carry no token (the public catalogue finds its campus by host name) and to show dates.
 */
export const IdentityTenantUpserted = z.looseObject({
  id,
  /** Host name the campus is served at, lower case, without port. */
  domain: z
    .string()
    .min(1)
    .refine((value) => value === value.toLowerCase(), 'must be lower case'),
  /** Every host name the campus is served at, `domain` first (absent from events of before). */
  domains: z.array(z.string().min(1)).optional(),
  name: z.string(),
  /** IANA zone, e.g. `Asia/Jakarta`. */
  timeZone: z.string().min(1),
  description: z.string().nullable(),
  favicon: z.string().nullable(),
  landingPageUrl: z.string().nullable(),
  /** The interface language of whoever chose none (null: the browser's); absent from events of before. */
  defaultLanguage: z.enum(LANGUAGES).nullable().optional(),
  updatedAt: z.string(),
});
export type IdentityTenantUpserted = z.infer<typeof IdentityTenantUpserted>;

/** Something in a course's structure changed: its modules, activities or contents. */
export const CourseStructureChanged = z.looseObject({
  courseId: id,
  /** What kind of item changed. */
  subject: z.enum(['module', 'activity', 'content']),
  action: z.enum(['created', 'updated', 'deleted', 'sorted', 'archived', 'restored', 'copied', 'moved']),
  /** Ids of the items concerned (for `copied`: the new copies). */
  ids: idList,
});
export type CourseStructureChanged = z.infer<typeof CourseStructureChanged>;

/**
 * A student marked an item of a course done (`completed`) or undid it, in a course that tracks
 * completion; with the student's progress after the change: how many of the items that count they
 * have done, of how many (the completion report's figures for this student).
 */
export const CourseCompletionChanged = z.looseObject({
  courseId: id,
  /** The student. */
  userId: id,
  completionableType: z.enum(['contents']),
  completionableId: id,
  completed: z.boolean(),
  completedCount: z.int().min(0),
  requiredCount: z.int().min(0),
});
export type CourseCompletionChanged = z.infer<typeof CourseCompletionChanged>;

/** The course's staff after a change: a full snapshot, so a projection can simply replace it. */
export const CourseStaffChanged = z.looseObject({
  courseId: id,
  lecturerId: id.nullable(),
  assistants: z.array(z.looseObject({ userId: id, isCoordinator: z.boolean() })),
});
export type CourseStaffChanged = z.infer<typeof CourseStaffChanged>;

/** A student joined or left a class of a course. */
export const CourseEnrolmentChanged = z.looseObject({
  courseId: id,
  classId: id,
  userId: id,
  enrolled: z.boolean(),
  /**
   * `joined` by token, `left` by themselves, `kicked` by the lecturer, `synced`: put in or taken
   * out of the class by a sync with the academic system's roster, `imported`: placed in it by a
   * users import (`identity.user.placed`).
   */
  reason: z.enum(['joined', 'left', 'kicked', 'synced', 'imported']),
});
export type CourseEnrolmentChanged = z.infer<typeof CourseEnrolmentChanged>;

/**
 * The students of a course as they are now, every class: a full snapshot, so a projection can
 * simply replace what it holds of the course. Recorded when a course's members are republished
 * (`platform.snapshot.requested`) and by the demo seed; later changes come as
 * `course.enrolment.changed`. A consumer orders both by the envelope's `occurredAt`.
 */
export const CourseEnrolmentSnapshotted = z.looseObject({
  courseId: id,
  students: z.array(z.looseObject({ classId: id, userId: id })),
});
export type CourseEnrolmentSnapshotted = z.infer<typeof CourseEnrolmentSnapshotted>;

/**
 * A course as the other services need it, after it was created or changed (name, code, period,
 * active) or its classes changed: a full snapshot, so a projection replaces what it holds of the
 * course and its classes (ordered by the envelope's `occurredAt`). Republished on request
 * (`platform.snapshot.requested`, topic `course.course`). The students of the classes travel as
 * `course.enrolment.*`.
 */
export const CourseCourseUpserted = z.looseObject({
  id,
  name: z.string(),
  code: z.string().nullable(),
  /** The academic period (semester) the course runs in. */
  period: z.looseObject({ id, name: z.string(), year: z.int(), type: z.string() }).nullable(),
  isActive: z.boolean(),
  /** ISO 8601 instants of the course's schedule, if it has one. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** Every class (parallel group) of the course. */
  classes: z.array(z.looseObject({ id, name: z.string() })),
});
export type CourseCourseUpserted = z.infer<typeof CourseCourseUpserted>;

/**
 * A course's modules and activities as they are now (contents excepted): a full snapshot,
 * recorded with each `course.structure.changed` about modules or activities and on request
 * (topic `course.structure`), so a projection replaces what it holds of the course.
 */
export const CourseStructureSnapshotted = z.looseObject({
  courseId: id,
  modules: z.array(z.looseObject({ id, name: z.string(), index: z.int(), isActive: z.boolean() })),
  activities: z.array(
    z.looseObject({
      id,
      moduleId: id,
      /** The activity it is nested under, if any. */
      parentId: id.nullable(),
      name: z.string(),
      index: z.int(),
      isActive: z.boolean(),
    }),
  ),
});
export type CourseStructureSnapshotted = z.infer<typeof CourseStructureSnapshotted>;

/**
 * A set of groups of a course after a change (a group created, changed or deleted, the set
 * generated): the whole set named by `type`, so a projection replaces what it holds of the set
 * (ordered by the envelope's `occurredAt`). An empty `groups`: the set is gone. Republished on
 * request (`platform.snapshot.requested`, topic `course.groups`).
 */
export const CourseGroupsChanged = z.looseObject({
  courseId: id,
  /** The set's name ("Project teams"). */
  type: z.string().min(1),
  groups: z.array(
    z.looseObject({
      id,
      name: z.string(),
      members: z.array(z.looseObject({ userId: id, isLeader: z.boolean() })),
    }),
  ),
});
export type CourseGroupsChanged = z.infer<typeof CourseGroupsChanged>;

/**
 * An exam as other services need it (gradebook, calendar, notifications), after it was created,
 * changed or restored: a full snapshot, ordered by the envelope's `occurredAt`.
 */
export const ExamExamUpserted = z.looseObject({
  id,
  courseId: id,
  activityId: id.nullable(),
  name: z.string(),
  /** The lecturer's label (`exams_type` on the wire). */
  type: z.string().nullable(),
  /** ISO 8601 instants of its window. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  isPublished: z.boolean(),
  isFinished: z.boolean(),
  /**
   * Students see their scores of it (`is_show_score`): a score is released only then. Absent from
   * the events of versions before it: a consumer keeps what it knew (at first: not released).
   */
  isShowScore: z.boolean().optional(),
  passingGrade: z.number(),
  packages: z.int().min(0),
  /** Minutes per student, when the exam is timed. */
  duration: z.int().nullable(),
  /** The classes it is for; empty: every class of the course. */
  classIds: idList,
  assistantIds: idList,
});
export type ExamExamUpserted = z.infer<typeof ExamExamUpserted>;

/** An exam was deleted (soft: a restore publishes `exam.exam.upserted` again). */
export const ExamExamDeleted = z.looseObject({ id, courseId: id });
export type ExamExamDeleted = z.infer<typeof ExamExamDeleted>;

/**
 * A task (assignment) as other services need it (the gradebook, calendars, notifications): a full
 * snapshot after it was created, changed, deleted (`deleted` true; soft) or restored, ordered by
 * the envelope's `occurredAt`.
 */
export const TaskTaskUpserted = z.looseObject({
  id,
  courseId: id,
  taskableType: z.enum(['module', 'activity']),
  taskableId: id,
  name: z.string(),
  /** ISO 8601 instants of its window. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  tasksType: z.enum(['PERSONAL', 'GROUP']),
  assessmentMethod: z.enum(['score', 'rubric']),
  passingGrade: z.number(),
  isActive: z.boolean(),
  showScore: z.boolean(),
  /** Every class of the course takes it; otherwise `classIds`. */
  allClass: z.boolean(),
  classIds: idList,
  deleted: z.boolean(),
});
export type TaskTaskUpserted = z.infer<typeof TaskTaskUpserted>;

/**
 * A consumer asks the owners of `topics` to republish their current state as snapshot events
 * for the envelope's campus — or for every campus when the envelope's `tenantId` is
 * `EVERY_CAMPUS` (0): how a projection added after the facts were published is filled (the
 * backfill). Each owner answers for the topics it produces and ignores the others.
 */
export const PlatformSnapshotRequested = z.looseObject({
  /** The consumer asking (a service name), for the logs. */
  requestedBy: z.string().min(1),
  /**
   * Topics whose snapshots are wanted: `identity.tenant`, `identity.user`, `course.course`,
   * `course.staff`, `course.enrolment`, `course.structure`, `course.groups`, `exam.exam`, `exam.attempt`,
   * `task.task`, `task.answer`, `presence.session`.
   */
  topics: z.array(z.string().min(1)).min(1),
});
export type PlatformSnapshotRequested = z.infer<typeof PlatformSnapshotRequested>;

/** The `tenantId` of a `platform.snapshot.requested` that asks for every campus (campus ids start at 1). */
export const EVERY_CAMPUS = 0;

/**
 * Questions of an exam's package (or of a course's question bank, `examId` null) were written:
 * what an exam-day cache of the exam's questions drops, and what a question-bank view refreshes.
 */
export const ExamQuestionChanged = z.looseObject({
  examId: id.nullable(),
  courseId: id,
  action: z.enum(['created', 'updated', 'deleted', 'sorted', 'imported', 'copied']),
  questionIds: idList,
});
export type ExamQuestionChanged = z.infer<typeof ExamQuestionChanged>;

/** What every event of an attempt names: the exam, its course, the attempt and its student. */
const attemptFacts = {
  examId: id,
  courseId: id,
  studentExamId: id,
  studentId: id,
  /** 1 for the first attempt, up to the exam's retries + 1. */
  attempt: z.int().min(1),
};

/** A student started an attempt at an exam (a resume is not a start). */
export const ExamAttemptStarted = z.looseObject({
  ...attemptFacts,
  /** The question package the student got. */
  package: z.int().min(1),
  /** ISO 8601 instants: when it started, and its deadline (null: none). */
  startAt: z.string(),
  endAt: z.string().nullable(),
});
export type ExamAttemptStarted = z.infer<typeof ExamAttemptStarted>;

/**
 * An attempt ended: finished by the student, at its deadline by the server, or stopped by staff.
 * Exactly once per end (a reset attempt that ends again ends again).
 */
export const ExamAttemptFinished = z.looseObject({
  ...attemptFacts,
  reason: z.enum(['student', 'deadline', 'stopped']),
  /** ISO 8601 instant. */
  finishedAt: z.string(),
});
export type ExamAttemptFinished = z.infer<typeof ExamAttemptFinished>;

/**
 * An attempt was scored: at its finish, after an essay was graded, or by a recalculation that
 * changed its score. `score` 0–100; `isPassed` null while `pending` essays wait for a grader.
 */
export const ExamAttemptScored = z.looseObject({
  ...attemptFacts,
  score: z.number().min(0).max(100),
  isPassed: z.boolean().nullable(),
  pending: z.int().min(0),
  /**
   * What changed it: the finish, a graded essay or a recalculation; `snapshot` when the exam
   * service republishes its scored attempts for a consumer's backfill (nothing changed).
   */
  reason: z.enum(['finished', 'essay_graded', 'recalculated', 'snapshot']),
});
export type ExamAttemptScored = z.infer<typeof ExamAttemptScored>;

/**
 * An answer to a task was scored, or a group member's score changed: the lecturer scored the
 * answer (a number or rubric levels), or a peer rating of a scored group answer was given. Names
 * every student the answer counts for with their score (0–100): the student of a personal answer,
 * each member of a group with their member score (docs/task-scoring.md).
 */
export const TaskAnswerScored = z.looseObject({
  answerId: id,
  taskId: id,
  courseId: id,
  /** The group of a group answer, null for a personal one. */
  groupId: id.nullable(),
  /** The answer's score: the group's for a group answer. */
  score: z.number().min(0).max(100),
  passingGrade: z.number().min(0).max(100),
  students: z.array(z.object({ studentId: id, score: z.number().min(0).max(100), isPassed: z.boolean() })),
  /**
   * The lecturer scored it, or a peer rating changed the members' scores; `snapshot` when the
   * task service republishes its scored answers for a consumer's backfill (nothing changed).
   */
  reason: z.enum(['scored', 'peer_assessed', 'snapshot']),
  /**
   * ISO 8601 instant the lecturer scored it, given by a snapshot (a republished score keeps its
   * time, so a send after it still waits for a score); absent: the envelope's `occurredAt`.
   */
  scoredAt: z.string().optional(),
});
export type TaskAnswerScored = z.infer<typeof TaskAnswerScored>;

/**
 * An answer to a task was sent (or sent again after a change request): a student's own, or a
 * group's by one of its members (`memberIds`: the group's students when it was sent).
 */
export const TaskAnswerSubmitted = z.looseObject({
  answerId: id,
  taskId: id,
  courseId: id,
  /** The student of a personal answer; null for a group's. */
  studentId: id.nullable(),
  /** The group of a group answer; null for a personal one. */
  groupId: id.nullable(),
  memberIds: idList,
  /** Who sent it. */
  sentBy: id,
  /** Sent after the task's end (a lateable task). */
  isLate: z.boolean(),
  /** ISO 8601 instant. */
  sentAt: z.string(),
});
export type TaskAnswerSubmitted = z.infer<typeof TaskAnswerSubmitted>;

/**
 * A sent answer to a task went back to draft: the staff asked for a change, so its students
 * must send it again (`memberIds`: the student of a personal answer, the group's students).
 */
export const TaskAnswerReopened = z.looseObject({
  answerId: id,
  taskId: id,
  courseId: id,
  studentId: id.nullable(),
  groupId: id.nullable(),
  memberIds: idList,
  /** ISO 8601 instant. */
  reopenedAt: z.string(),
});
export type TaskAnswerReopened = z.infer<typeof TaskAnswerReopened>;

/**
 * Members of a course were mentioned (`@username`) in a discussion: a new thread (`replyId`
 * null), a new reply, or an edit that adds names (only the newly mentioned are listed). The
 * author is never among them. The messaging service turns it into notifications.
 */
export const CourseThreadMentioned = z.looseObject({
  threadId: id,
  /** The reply that mentions them; null when it is the thread's own text. */
  replyId: id.nullable(),
  courseId: id,
  mentionedUserIds: z.array(id).min(1),
  /** Who wrote the mention. */
  by: id,
});
export type CourseThreadMentioned = z.infer<typeof CourseThreadMentioned>;

/**
 * The staff assessed a student's entry in a form (a logbook, course service) on the form's rubric:
 * the entry's score and the student's score of the form — the mean of their assessed entries,
 * what the gradebook counts for the form. A later assessment of the same or another entry
 * carries the new mean.
 */
export const CourseFormAssessed = z.looseObject({
  formId: id,
  courseId: id,
  answerId: id,
  studentId: id,
  /** The entry's day (`YYYY-MM-DD`, daily form) or month (`YYYY-MM`, monthly). */
  period: z.string(),
  score: z.number().min(0).max(100),
  formScore: z.number().min(0).max(100),
  /** The student's assessed entries of the form, this one included. */
  assessedCount: z.int().min(1),
});
export type CourseFormAssessed = z.infer<typeof CourseFormAssessed>;

/**
 * An operator decided a lecturer's course request: `approved` (the course it created, whose
 * lecturer the requester now is) or `rejected` (with the operator's reason). The messaging service
 * tells the requester.
 */
export const CourseRequestDecided = z.looseObject({
  requestId: id,
  /** The lecturer who asked. */
  requesterId: id,
  state: z.enum(['approved', 'rejected']),
  name: z.string(),
  code: z.string(),
  /** The course created; null when rejected. */
  courseId: id.nullable(),
  /** Why it was rejected; null when approved. */
  reason: z.string().nullable(),
});
export type CourseRequestDecided = z.infer<typeof CourseRequestDecided>;

/**
 * The staff sent (closed for good) a class session's attendance: every enrolled student of the
 * class with their mark, `type` null for one left unmarked (status 0). What a gradebook counts.
 */
export const PresenceSessionSent = z.looseObject({
  id,
  courseId: id,
  classId: id,
  /** ISO 8601 instants of the session. */
  startAt: z.string(),
  endAt: z.string(),
  sentAt: z.string(),
  details: z.array(
    z.looseObject({
      userId: id,
      type: z.enum(['attend', 'sick', 'absent', 'leave', 'other']).nullable(),
      status: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
});
export type PresenceSessionSent = z.infer<typeof PresenceSessionSent>;

/**
 * A course message was sent (messaging): who sent it to whom in which course, its subject, and
 * what it is about (an activity), for the receiver's notification.
 */
export const MessagingMessageSent = z.looseObject({
  id,
  courseId: id,
  senderId: id,
  receiverIds: idList,
  subject: z.string(),
  messageableType: z.string().nullable(),
  messageableId: id.nullable(),
});
export type MessagingMessageSent = z.infer<typeof MessagingMessageSent>;

/**
 * A message was posted in a chat room (messaging): the room, its author, every member (the
 * author too) and the start of the text, for the members who are offline.
 */
export const MessagingChatPosted = z.looseObject({
  id,
  roomId: id,
  roomType: z.enum(['personal', 'group']),
  roomName: z.string().nullable(),
  authorId: id,
  memberIds: idList,
  /** The first 140 characters of the message. */
  excerpt: z.string(),
  /** ISO 8601 instant. */
  postedAt: z.string(),
});
export type MessagingChatPosted = z.infer<typeof MessagingChatPosted>;

/**
 * A course announcement was published or changed (messaging): its course, urgency, how it is
 * shown and its window (ISO 8601 instants), for the course's students' notifications.
 */
export const MessagingAnnouncementPublished = z.looseObject({
  id,
  courseId: id,
  title: z.string(),
  urgency: z.enum(['low', 'normal', 'high']),
  display: z.enum(['section', 'popup']),
  startAt: z.string(),
  endAt: z.string(),
  /** false for the first publication, true for a later change. */
  updated: z.boolean(),
});
export type MessagingAnnouncementPublished = z.infer<typeof MessagingAnnouncementPublished>;

/** A card of a project board, where it is, and the members an event of it concerns. */
const projectCard = {
  cardId: id,
  contentId: id,
  projectId: id,
  workspaceId: id,
  /** The project's name when the event was recorded, for the notification's sentence. */
  projectName: z.string(),
  title: z.string(),
  assigneeIds: idList.min(1),
};

/**
 * Members of a project were assigned to a card of one of its boards (project): the card, where it
 * is, the members newly assigned by this change (never those it had already), who assigned them
 * and the card's due date (ISO 8601 instant, null: none). The messaging service tells each of them.
 */
export const ProjectCardAssigned = z.looseObject({
  ...projectCard,
  assignedBy: id,
  dueAt: z.string().nullable(),
});
export type ProjectCardAssigned = z.infer<typeof ProjectCardAssigned>;

/**
 * A card of a project board falls due within the reminder's lead time (project's card reminders,
 * `CARD_REMINDER_HOURS`): not done, with these assignees; recorded once per card and due date (a
 * moved due date is told again). The messaging service reminds each assignee.
 */
export const ProjectCardDue = z.looseObject({
  ...projectCard,
  /** ISO 8601 instant. */
  dueAt: z.string(),
});
export type ProjectCardDue = z.infer<typeof ProjectCardDue>;

/** Every event type and the schema of its data. */
export const EVENT_SCHEMAS = {
  'identity.user.upserted': IdentityUserUpserted,
  'identity.user.placed': IdentityUserPlaced,
  'identity.tenant.upserted': IdentityTenantUpserted,
  'course.structure.changed': CourseStructureChanged,
  'course.completion.changed': CourseCompletionChanged,
  'course.staff.changed': CourseStaffChanged,
  'course.enrolment.changed': CourseEnrolmentChanged,
  'course.enrolment.snapshotted': CourseEnrolmentSnapshotted,
  'course.course.upserted': CourseCourseUpserted,
  'course.structure.snapshotted': CourseStructureSnapshotted,
  'course.groups.changed': CourseGroupsChanged,
  'exam.exam.upserted': ExamExamUpserted,
  'exam.exam.deleted': ExamExamDeleted,
  'task.task.upserted': TaskTaskUpserted,
  'platform.snapshot.requested': PlatformSnapshotRequested,
  'exam.question.changed': ExamQuestionChanged,
  'exam.attempt.started': ExamAttemptStarted,
  'exam.attempt.finished': ExamAttemptFinished,
  'exam.attempt.scored': ExamAttemptScored,
  'task.answer.scored': TaskAnswerScored,
  'task.answer.submitted': TaskAnswerSubmitted,
  'task.answer.reopened': TaskAnswerReopened,
  'course.thread.mentioned': CourseThreadMentioned,
  'course.form.assessed': CourseFormAssessed,
  'course.request.decided': CourseRequestDecided,
  'presence.session.sent': PresenceSessionSent,
  'messaging.message.sent': MessagingMessageSent,
  'messaging.chat.posted': MessagingChatPosted,
  'messaging.announcement.published': MessagingAnnouncementPublished,
  'project.card.assigned': ProjectCardAssigned,
  'project.card.due': ProjectCardDue,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
export type EventDataMap = { [T in EventType]: z.infer<(typeof EVENT_SCHEMAS)[T]> };

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/** Throws with a clear reason when an event's data does not match its contract. */
export function assertEventData(type: string, data: unknown): void {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type "${type}"`);
  if (typeof data !== 'object' || data === null) throw new Error(`Event ${type}: data must be an object`);
  const result = EVENT_SCHEMAS[type].safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `field "${issue.path.map(String).join('.')}" is invalid (${issue.message})`,
    );
    throw new Error(`Event ${type}: ${problems.join('; ')}`);
  }
}
