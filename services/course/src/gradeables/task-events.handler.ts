import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { recordAnswerScored } from '../work/answer-events.handler';

/**
 * The task service's facts the course service keeps (gradebook columns and scores, agenda), each
 * replaced only by a newer event (the envelope's `occurredAt`, kept as `as_of`).
 */
@Controller()
export class TaskEventsHandler {
  @OnEvent('task.task.upserted')
  async upserted(envelope: EventOf<'task.task.upserted'>, context: EventContext) {
    const task = envelope.data;
    await context.manager.query(
      `INSERT INTO task_projections (id, tenant_id, course_id, taskable_type, taskable_id, title,
              tasks_type, assessment_method, start_at, end_at, passing_grade, is_active, show_score,
              all_class, class_ids, deleted, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::bigint[], $16, $17)
       ON CONFLICT (id) DO UPDATE SET tenant_id = excluded.tenant_id, course_id = excluded.course_id,
              taskable_type = excluded.taskable_type, taskable_id = excluded.taskable_id,
              title = excluded.title, tasks_type = excluded.tasks_type,
              assessment_method = excluded.assessment_method, start_at = excluded.start_at,
              end_at = excluded.end_at, passing_grade = excluded.passing_grade,
              is_active = excluded.is_active, show_score = excluded.show_score,
              all_class = excluded.all_class, class_ids = excluded.class_ids, deleted = excluded.deleted,
              as_of = excluded.as_of
        WHERE task_projections.as_of <= excluded.as_of`,
      [
        task.id,
        envelope.tenantId,
        task.courseId,
        task.taskableType,
        task.taskableId,
        task.name,
        task.tasksType,
        task.assessmentMethod,
        task.startAt,
        task.endAt,
        task.passingGrade,
        task.isActive,
        task.showScore,
        task.allClass,
        task.classIds,
        task.deleted,
        envelope.occurredAt,
      ],
    );
  }

  /**
   * A scored answer: the scores it gives its students (the student of a personal answer, each
   * member of a group) replace those of an older event of the same answer, whole — a member who
   * left the group loses the group's score.
   */
  @OnEvent('task.answer.scored')
  async scored(envelope: EventOf<'task.answer.scored'>, context: EventContext) {
    const answer = envelope.data;
    const manager = context.manager;
    // The to-do's and the timeline's part of the same fact (src/work: one handler per event).
    await recordAnswerScored(manager, envelope);
    const applied: unknown[] = await manager.query(
      `INSERT INTO task_answers_scored (answer_id, tenant_id, task_id, course_id, group_id, score, as_of)
       VALUES ($1, $2, $3, $4, $5, round($6::numeric, 2), $7)
       ON CONFLICT (answer_id) DO UPDATE SET score = excluded.score, group_id = excluded.group_id,
              as_of = excluded.as_of
        WHERE task_answers_scored.as_of <= excluded.as_of
       RETURNING answer_id`,
      [
        answer.answerId,
        envelope.tenantId,
        answer.taskId,
        answer.courseId,
        answer.groupId,
        answer.score,
        envelope.occurredAt,
      ],
    );
    if (applied.length === 0) return;
    await manager.query(`DELETE FROM task_answer_scores WHERE answer_id = $1`, [answer.answerId]);
    if (answer.students.length === 0) return;
    await manager.query(
      `INSERT INTO task_answer_scores (answer_id, student_id, task_id, course_id, score)
       SELECT $1, student_id, $2, $3, round(score, 2)
         FROM unnest($4::bigint[], $5::numeric[]) AS given(student_id, score)
       ON CONFLICT (answer_id, student_id) DO UPDATE SET score = excluded.score`,
      [
        answer.answerId,
        answer.taskId,
        answer.courseId,
        answer.students.map((student) => student.studentId),
        answer.students.map((student) => student.score),
      ],
    );
  }
}
