/**
 * What the course service knows of the exam and task services' gradeables — exams and tasks
 * (columns of the gradebook, items of the agenda and to-do) and their scores — as entities fed by
 * the handlers below, and the topics its backfill asks the exam and task services to republish.
 * docs/gradebook.md.
 */
import type { SnapshotTopic } from '@lms/projections';
import { ExamEventsHandler } from './exam-events.handler';
import { ExamProjection } from './exam-projection.entity';
import { ExamAttemptScore, TaskAnswerScore, TaskAnswerScored } from './score-projections.entity';
import { TaskEventsHandler } from './task-events.handler';
import { TaskProjection } from './task-projection.entity';

export { ExamAttemptScore, ExamProjection, TaskAnswerScore, TaskAnswerScored, TaskProjection };

/** The topics whose republished snapshots fill these projections on a first start. */
export const GRADEABLE_TOPICS: readonly SnapshotTopic[] = [
  'exam.exam',
  'exam.attempt',
  'task.task',
  'task.answer',
];

export const GRADEABLES = {
  entities: [ExamProjection, TaskProjection, ExamAttemptScore, TaskAnswerScored, TaskAnswerScore],
  handlers: [ExamEventsHandler, TaskEventsHandler],
};
