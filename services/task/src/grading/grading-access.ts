import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import type { Rubric, RubricChoice } from '@lms/rubrics';
import type { AssessmentMethod, TaskType } from '../tasks/task.entity';

/** What grading, peer assessment, statistics and exports read of a task. */
export interface GradedTask {
  id: number;
  tenantId: number;
  courseId: number;
  name: string;
  taskType: TaskType;
  assessmentMethod: AssessmentMethod;
  rubric: Rubric | null;
  studentPercentage: number | null;
  lecturerPercentage: number | null;
  isAssessmentOpen: boolean;
  showScore: boolean;
  passingGrade: number;
  allClass: boolean;
  isActive: boolean;
  startAt: Date | null;
  endAt: Date | null;
}

/** An answer with what grading reads of it. */
export interface GradedAnswer {
  id: number;
  taskId: number;
  studentId: number | null;
  groupId: number | null;
  isSent: boolean;
  isLate: boolean;
  sentAt: Date | null;
  score: number | null;
  rubrics: RubricChoice[] | null;
  scoredAt: Date | null;
  scoredBy: number | null;
}

export interface TaskRow {
  id: string;
  tenant_id: string;
  course_id: string;
  name: string;
  task_type: TaskType;
  assessment_method: AssessmentMethod;
  rubric: Rubric | null;
  student_percentage: string | null;
  lecturer_percentage: string | null;
  is_assessment_open: boolean;
  show_score: boolean;
  passing_grade: string;
  all_class: boolean;
  is_active: boolean;
  start_at: Date | null;
  end_at: Date | null;
}

/** The columns of `tasks` (aliased `t`) that `taskOf` reads. */
export const TASK_COLUMNS = `t.id, t.tenant_id, t.course_id, t.name, t.task_type, t.assessment_method, t.rubric,
  t.student_percentage, t.lecturer_percentage, t.is_assessment_open, t.show_score, t.passing_grade,
  t.all_class, t.is_active, t.start_at, t.end_at`;

const num = (value: string | null) => (value === null ? null : Number(value));

export function taskOf(row: TaskRow): GradedTask {
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    courseId: Number(row.course_id),
    name: row.name,
    taskType: row.task_type,
    assessmentMethod: row.assessment_method,
    rubric: row.rubric,
    studentPercentage: num(row.student_percentage),
    lecturerPercentage: num(row.lecturer_percentage),
    isAssessmentOpen: row.is_assessment_open,
    showScore: row.show_score,
    passingGrade: Number(row.passing_grade),
    allClass: row.all_class,
    isActive: row.is_active,
    startAt: row.start_at,
    endAt: row.end_at,
  };
}

interface AnswerRow extends TaskRow {
  answer_id: string;
  student_id: string | null;
  group_id: string | null;
  is_sent: boolean;
  is_late: boolean;
  sent_at: Date | null;
  score: string | null;
  rubrics: RubricChoice[] | null;
  scored_at: Date | null;
  scored_by: string | null;
}

function answerOf(row: AnswerRow): GradedAnswer {
  return {
    id: Number(row.answer_id),
    taskId: Number(row.id),
    studentId: num(row.student_id),
    groupId: num(row.group_id),
    isSent: row.is_sent,
    isLate: row.is_late,
    sentAt: row.sent_at,
    score: num(row.score),
    rubrics: row.rubrics,
    scoredAt: row.scored_at,
    scoredBy: num(row.scored_by),
  };
}

/**
 * Who grades: the course's lecturer and assistants (`Projections.canAuthor`). A task or answer of
 * another campus, or of a deleted task, is a 404; anybody else who is not staff gets a 403 for
 * staff-only actions. Students reach a task's peer assessment only through their group.
 */
@Injectable()
export class GradingAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /** The task of the caller's campus (not deleted), or a 404. */
  async task(auth: AuthContext, taskId: number, manager: EntityManager = this.dataSource.manager) {
    const [row]: TaskRow[] = await manager.query(
      `SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = $1 AND t.tenant_id = $2 AND t.deleted_at IS NULL`,
      [taskId, auth.tenantId],
    );
    if (!row) throw notFound('Task not found');
    return taskOf(row);
  }

  /** Whether the caller teaches the task's course. */
  async isStaff(auth: AuthContext, task: GradedTask, manager: EntityManager = this.dataSource.manager) {
    if (auth.role === 'student') return false;
    return this.projections.canAuthor(auth, task.courseId, manager);
  }

  /** A 403 unless the caller teaches the task's course. */
  async assertStaff(auth: AuthContext, task: GradedTask, manager: EntityManager = this.dataSource.manager) {
    if (!(await this.isStaff(auth, task, manager)))
      throw forbidden('Only the course’s lecturer and assistants may do this');
  }

  /** The task, if the caller is its staff (404 when it is not the campus's, 403 otherwise). */
  async staffTask(auth: AuthContext, taskId: number, manager: EntityManager = this.dataSource.manager) {
    const task = await this.task(auth, taskId, manager);
    await this.assertStaff(auth, task, manager);
    return task;
  }

  /**
   * An answer of the caller's campus with its task (not deleted), or a 404; `lock` takes the
   * answer's row (FOR UPDATE) for the rest of the transaction.
   */
  async answer(
    auth: AuthContext,
    answerId: number,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<{ task: GradedTask; answer: GradedAnswer }> {
    const [row]: AnswerRow[] = await manager.query(
      `SELECT ${TASK_COLUMNS}, a.id AS answer_id, a.student_id, a.group_id, a.is_sent, a.is_late, a.sent_at,
              a.score, a.rubrics, a.scored_at, a.scored_by
         FROM task_answers a JOIN tasks t ON t.id = a.task_id
        WHERE a.id = $1 AND a.tenant_id = $2 AND t.deleted_at IS NULL
        ${lock ? 'FOR UPDATE OF a' : ''}`,
      [answerId, auth.tenantId],
    );
    if (!row) throw notFound('Task answer not found');
    return { task: taskOf(row), answer: answerOf(row) };
  }

  /**
   * The scored answers of a group task — of the groups named, or every group's — with the task,
   * their rows locked (FOR UPDATE) for the rest of the transaction; none for a personal task.
   */
  async scoredGroupAnswers(
    manager: EntityManager,
    tenantId: number,
    taskId: number,
    groupIds?: readonly number[],
  ): Promise<Array<{ task: GradedTask; answer: GradedAnswer }>> {
    const rows: AnswerRow[] = await manager.query(
      `SELECT ${TASK_COLUMNS}, a.id AS answer_id, a.student_id, a.group_id, a.is_sent, a.is_late, a.sent_at,
              a.score, a.rubrics, a.scored_at, a.scored_by
         FROM task_answers a JOIN tasks t ON t.id = a.task_id
        WHERE t.id = $1 AND t.tenant_id = $2 AND t.task_type = 'GROUP' AND t.deleted_at IS NULL
          AND a.group_id IS NOT NULL AND a.score IS NOT NULL ${groupIds ? 'AND a.group_id = ANY($3)' : ''}
        ORDER BY a.id
        FOR UPDATE OF a`,
      groupIds ? [taskId, tenantId, groupIds] : [taskId, tenantId],
    );
    return rows.map((row) => ({ task: taskOf(row), answer: answerOf(row) }));
  }

  /** Whether the student is a member of the group. */
  async isMember(groupId: number, studentId: number, manager: EntityManager = this.dataSource.manager) {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM task_group_members WHERE group_id = $1 AND student_id = $2`,
      [groupId, studentId],
    );
    return rows.length > 0;
  }

  /**
   * Whether a student may see the task at all: active and started (before its start a task is
   * unknown to students, as everywhere in the task service).
   */
  static openToStudents(task: GradedTask, now = new Date()) {
    return task.isActive && (task.startAt === null || task.startAt.getTime() <= now.getTime());
  }
}
