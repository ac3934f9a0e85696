import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { formatWireDate } from '@lms/jsonapi';
import { RealtimeEmitter } from '@lms/realtime';
import { ExamReminders } from './exam-reminders';
import { campusTimeZone, courseStudents, everyone, notify, personName } from './notifications.data';
import { links } from './notification-links';

/**
 * The notifications made from the other services' events (and messaging's own), each in the
 * transaction that writes the event's inbox row: a redelivered event changes nothing, and a fact
 * told twice (an exam changed after it was published) makes one notification per user (its key).
 * Recipients come from the projections (the course's students now, the class's, the event's own).
 */
@Controller()
export class NotificationEventsHandler {
  constructor(
    private readonly reminders: ExamReminders,
    private readonly sockets: RealtimeEmitter,
  ) {}

  /** A new content in a course: its students. */
  @OnEvent('course.structure.changed')
  async contentCreated(envelope: EventOf<'course.structure.changed'>, { manager }: EventContext) {
    const { courseId, subject, action, ids } = envelope.data;
    if (subject !== 'content' || action !== 'created') return;
    const students = await courseStudents(manager, envelope.tenantId, courseId);
    for (const contentId of ids)
      await notify(
        manager,
        envelope.tenantId,
        {
          type: 'CONTENT',
          objectId: contentId,
          courseId,
          link: links.course(courseId),
          dedupeKey: `content:${contentId}`,
        },
        everyone(students),
      );
  }

  /** An exam published: its students; and its start remembered for the "about to start" reminder. */
  @OnEvent('exam.exam.upserted')
  async examUpserted(envelope: EventOf<'exam.exam.upserted'>, { manager }: EventContext) {
    const exam = envelope.data;
    await this.reminders.track(manager, envelope);
    if (!exam.isPublished || exam.isFinished) return;
    if (exam.endAt !== null && new Date(exam.endAt) <= new Date()) return;
    const students = await courseStudents(manager, envelope.tenantId, exam.courseId, exam.classIds);
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'EXAM',
        objectId: exam.id,
        courseId: exam.courseId,
        link: links.exam(exam.id),
        dedupeKey: `exam:${exam.id}`,
      },
      everyone(students, { name: exam.name, startAt: exam.startAt }),
    );
  }

  /** A deleted exam is never announced as starting. */
  @OnEvent('exam.exam.deleted')
  async examDeleted(envelope: EventOf<'exam.exam.deleted'>, { manager }: EventContext) {
    await this.reminders.forget(manager, envelope.data.id);
  }

  /** A task's answer scored (not a republished score): each student with their own score. */
  @OnEvent('task.answer.scored')
  async answerScored(envelope: EventOf<'task.answer.scored'>, { manager }: EventContext) {
    const { taskId, courseId, students, reason } = envelope.data;
    if (reason === 'snapshot') return;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'TASK_SCORED',
        objectId: taskId,
        courseId,
        link: links.task(taskId),
        dedupeKey: `task-scored:${envelope.id}`,
      },
      students.map((student) => ({
        userId: student.studentId,
        data: { score: student.score, isPassed: student.isPassed },
      })),
    );
  }

  /**
   * The staff asked for a change of a sent answer: its student, or every member of its group; once
   * per request, however often the event is republished.
   */
  @OnEvent('task.answer.reopened')
  async answerReopened(envelope: EventOf<'task.answer.reopened'>, { manager }: EventContext) {
    const { answerId, taskId, courseId, studentId, memberIds, reopenedAt } = envelope.data;
    const recipients = studentId === null ? memberIds : [studentId];
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'TASK_CHANGE_REQUESTED',
        objectId: taskId,
        courseId,
        link: links.task(taskId),
        // by the request's time: the task service republishes the event on request (a backfill)
        dedupeKey: `task-reopened:${answerId}:${reopenedAt}`,
      },
      everyone(recipients),
    );
  }

  /** A class session's attendance sent: each student of the class with their mark. */
  @OnEvent('presence.session.sent')
  async presenceSent(envelope: EventOf<'presence.session.sent'>, { manager }: EventContext) {
    const session = envelope.data;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'PRESENCE',
        objectId: session.id,
        courseId: session.courseId,
        link: links.presence(session.courseId, session.classId),
        dedupeKey: `presence:${session.id}`,
      },
      session.details.map((detail) => ({
        userId: detail.userId,
        data: { type: detail.type, status: detail.status, startAt: session.startAt },
      })),
    );
  }

  /** Members mentioned in a discussion (never its author). */
  @OnEvent('course.thread.mentioned')
  async mentioned(envelope: EventOf<'course.thread.mentioned'>, { manager }: EventContext) {
    const { threadId, replyId, courseId, mentionedUserIds, by } = envelope.data;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'MENTION',
        objectId: threadId,
        courseId,
        link: links.thread(threadId, replyId),
        dedupeKey: `mention:${threadId}:${replyId ?? 0}`,
      },
      everyone(
        mentionedUserIds.filter((userId) => userId !== by),
        { by, sender: await personName(manager, envelope.tenantId, by) },
      ),
    );
  }

  /** A lecturer's course request approved or rejected: the lecturer. */
  @OnEvent('course.request.decided')
  async requestDecided(envelope: EventOf<'course.request.decided'>, { manager }: EventContext) {
    const { requestId, requesterId, state, name, courseId, reason } = envelope.data;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'COURSE_REQUEST',
        objectId: requestId,
        courseId,
        link: links.courseRequests(),
        dedupeKey: `course-request:${requestId}`,
      },
      everyone([requesterId], { state, name, reason }),
    );
  }

  /** An announcement published: the students of its classes. */
  @OnEvent('messaging.announcement.published')
  async announcementPublished(
    envelope: EventOf<'messaging.announcement.published'>,
    { manager }: EventContext,
  ) {
    const { id: announcementId, courseId, title } = envelope.data;
    const students = await courseStudents(manager, envelope.tenantId, courseId);
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'ANNOUNCEMENT',
        objectId: announcementId,
        courseId,
        link: links.course(courseId),
        dedupeKey: `announcement:${announcementId}`,
      },
      everyone(students, { title }),
    );
  }

  /** A course message received: its receiver. */
  @OnEvent('messaging.message.sent')
  async messageSent(envelope: EventOf<'messaging.message.sent'>, { manager }: EventContext) {
    const { id: messageId, senderId, receiverIds, subject, courseId } = envelope.data;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'COURSE_MESSAGE',
        objectId: messageId,
        courseId,
        link: links.message(messageId),
        dedupeKey: `course-message:${messageId}`,
      },
      everyone(receiverIds, {
        subject,
        senderId,
        sender: await personName(manager, envelope.tenantId, senderId),
      }),
    );
  }

  /**
   * A chat message posted: the members with no socket open when the event is handled, on any
   * replica (the others see it live in the chat).
   */
  @OnEvent('messaging.chat.posted')
  async chatPosted(envelope: EventOf<'messaging.chat.posted'>, { manager }: EventContext) {
    const { id: messageId, roomId: chatId, roomName, authorId: senderId, memberIds } = envelope.data;
    const online = await this.sockets.connectedUsers(envelope.tenantId, memberIds);
    const offlineMemberIds = memberIds.filter((userId) => !online.has(userId));
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'MESSAGE',
        objectId: chatId,
        courseId: null,
        link: links.chat(chatId),
        dedupeKey: `chat:${messageId}`,
      },
      everyone(
        offlineMemberIds.filter((userId) => userId !== senderId),
        { senderId, sender: await personName(manager, envelope.tenantId, senderId), room: roomName },
      ),
    );
  }

  /**
   * Members assigned to a card of a project board: each of them but the one who assigned them,
   * told who did it, which card and project (and its due date); once per assignment, however
   * often it is delivered.
   */
  @OnEvent('project.card.assigned')
  async cardAssigned(envelope: EventOf<'project.card.assigned'>, { manager }: EventContext) {
    const { cardId, projectId, projectName, title, assigneeIds, assignedBy, dueAt } = envelope.data;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'CARD_ASSIGNED',
        objectId: cardId,
        courseId: null,
        link: links.project(projectId),
        dedupeKey: `card-assigned:${envelope.id}`,
      },
      everyone(
        assigneeIds.filter((userId) => userId !== assignedBy),
        {
          card: title,
          project: projectName,
          senderId: assignedBy,
          sender: await personName(manager, envelope.tenantId, assignedBy),
          dueAt,
        },
      ),
    );
  }

  /**
   * A card of a project board due soon (the project's card reminders): each of its assignees, told
   * which card, which project and when (`due`: the campus's wall clock, as the web client shows
   * dates); once per card and due date, however often it is delivered.
   */
  @OnEvent('project.card.due')
  async cardDue(envelope: EventOf<'project.card.due'>, { manager }: EventContext) {
    const { cardId, projectId, projectName, title, assigneeIds, dueAt } = envelope.data;
    const due = new Date(dueAt);
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'CARD_DUE',
        objectId: cardId,
        courseId: null,
        link: links.project(projectId),
        dedupeKey: `card-due:${cardId}:${due.getTime()}`,
      },
      everyone(assigneeIds, {
        card: title,
        project: projectName,
        dueAt,
        due: formatWireDate(due, await campusTimeZone(manager, envelope.tenantId)),
      }),
    );
  }
}
