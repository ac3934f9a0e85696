/**
 * What the course service knows of the exam and task services' gradeables — exams and tasks
 * (columns of the gradebook, items of the agenda and to-do) and their scores — and of the presence
 * service's sent sessions (the attendance column), as entities fed by the handlers below, and the
 * topics its backfill asks the exam, task and presence services to republish. docs/gradebook.md.
 */
import type { SnapshotTopic } from '@lms/projections';
import { ExamEventsHandler } from './exam-events.handler';
import { ExamProjection } from './exam-projection.entity';
import { PresenceEventsHandler } from './presence-events.handler';
import { PresenceSessionFact, PresenceSessionMark } from './presence-projection.entity';
import { ExamAttemptScore, TaskAnswerScore, TaskAnswerScored } from './score-projections.entity';
import { TaskEventsHandler } from './task-events.handler';
import { TaskProjection } from './task-projection.entity';

export {
  ExamAttemptScore,
  ExamProjection,
  PresenceSessionFact,
  PresenceSessionMark,
  TaskAnswerScore,
  TaskAnswerScored,
  TaskProjection,
};

/** The topics whose republished snapshots fill these projections on a first start. */
export const GRADEABLE_TOPICS: readonly SnapshotTopic[] = [
  'exam.exam',
  'exam.attempt',
  'task.task',
  'task.answer',
  'presence.session',
];

export const GRADEABLES = {
  entities: [
    ExamProjection,
    TaskProjection,
    ExamAttemptScore,
    TaskAnswerScored,
    TaskAnswerScore,
    PresenceSessionFact,
    PresenceSessionMark,
  ],
  handlers: [ExamEventsHandler, TaskEventsHandler, PresenceEventsHandler],
};
