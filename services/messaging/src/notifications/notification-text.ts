import type { UserNotification } from './notification.entity';

/** What a push or a digest line says of a notification (the bell composes its own, translated). */
export interface NotificationText {
  title: string;
  body: string;
}

const named = (data: Record<string, unknown>, key: string, fallback: string) =>
  typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : fallback;

/** The notification in English words, from its type and data. */
export function notificationText(notification: Pick<UserNotification, 'type' | 'data'>): NotificationText {
  const data = notification.data;
  const course = named(data, 'course', 'your course');
  switch (notification.type) {
    case 'CONTENT':
      return { title: 'New content', body: `New content was added to ${course}.` };
    case 'ENROLMENT':
      return { title: 'Enrolled', body: `You were enrolled in ${course}.` };
    case 'EXAM':
      return {
        title: 'Exam published',
        body: `${named(data, 'name', 'An exam')} of ${course} was published.`,
      };
    case 'EXAM_START':
      return {
        title: 'Exam about to start',
        body: `${named(data, 'name', 'An exam')} of ${course} starts soon.`,
      };
    case 'TASK_SCORED':
      return { title: 'Task scored', body: `Your answer was scored: ${String(data.score)}.` };
    case 'TASK_CHANGE_REQUESTED':
      return { title: 'Change requested', body: 'Your lecturer asked for a change to your answer.' };
    case 'PRESENCE':
      return {
        title: 'Attendance recorded',
        body: `Your attendance was recorded: ${named(data, 'type', 'unmarked')}.`,
      };
    case 'MENTION':
      return { title: 'Mentioned', body: 'You were mentioned in a discussion.' };
    case 'COURSE_REQUEST':
      return {
        title: 'Course request',
        body: `Your course request ${named(data, 'name', '')} was ${named(data, 'state', 'decided')}.`,
      };
    case 'ANNOUNCEMENT':
      return { title: 'Announcement', body: named(data, 'title', 'A new announcement.') };
    case 'COURSE_MESSAGE':
      return { title: 'New message', body: named(data, 'subject', 'You received a message.') };
    case 'MESSAGE':
      return { title: 'New chat message', body: 'You have a new chat message.' };
  }
}
