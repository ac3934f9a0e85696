import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import type { FinalScoreType } from '../domain/scoring';

/** What grading, results and statistics read of an exam. */
export interface GradedExam {
  id: number;
  tenantId: number;
  courseId: number;
  name: string;
  endAt: Date | null;
  /** Marked finished by its staff. */
  isFinished: boolean;
  passingGrade: number;
  finalScoreType: FinalScoreType;
  isShowScore: boolean;
  isShowSolution: boolean;
  isShowSolutionDirectly: boolean;
}

interface ExamRow {
  id: string;
  tenant_id: string;
  course_id: string;
  name: string;
  end_at: Date | null;
  is_finished: boolean;
  passing_grade: string;
  final_score_type: FinalScoreType;
  is_show_score: boolean;
  is_show_solution: boolean;
  is_show_solution_directly: boolean;
}

const EXAM_COLUMNS = `id, tenant_id, course_id, name, end_at, is_finished, passing_grade, final_score_type,
  is_show_score, is_show_solution, is_show_solution_directly`;

/**
 * Who grades and reads results and statistics of an exam: its staff — the course's lecturer and
 * assistants, the exam's own assistants — and the campus's admin and lptk accounts. Another
 * campus's exam (or a deleted one) is a 404; anybody else a 403.
 */
@Injectable()
export class GradingAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /** The exam of the caller's campus (not deleted), or a 404. */
  async exam(auth: AuthContext, examId: number, manager: EntityManager = this.dataSource.manager) {
    const [row]: ExamRow[] = await manager.query(
      `SELECT ${EXAM_COLUMNS} FROM exams WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`,
      [examId, auth.tenantId],
    );
    if (!row) throw notFound('Exam not found');
    return examOf(row);
  }

  /** Whether the caller is staff of the exam. */
  async isStaff(auth: AuthContext, exam: GradedExam, manager: EntityManager = this.dataSource.manager) {
    if (auth.role === 'admin' || auth.role === 'lptk') return true;
    if (auth.role === 'student') return false;
    if (await this.projections.canAuthor(auth, exam.courseId, manager)) return true;
    const [assistant] = await manager.query(
      `SELECT 1 FROM exam_assistants WHERE exam_id = $1 AND user_id = $2`,
      [exam.id, auth.userId],
    );
    return Boolean(assistant);
  }

  /** The exam, if the caller is its staff (403 otherwise, 404 when it is not theirs to know). */
  async staffExam(auth: AuthContext, examId: number, manager: EntityManager = this.dataSource.manager) {
    const exam = await this.exam(auth, examId, manager);
    if (!(await this.isStaff(auth, exam, manager)))
      throw forbidden('Only the exam’s lecturer, its assistants and the campus’s administrators may do this');
    return exam;
  }
}

function examOf(row: ExamRow): GradedExam {
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    courseId: Number(row.course_id),
    name: row.name,
    endAt: row.end_at,
    isFinished: row.is_finished,
    passingGrade: Number(row.passing_grade),
    finalScoreType: row.final_score_type,
    isShowScore: row.is_show_score,
    isShowSolution: row.is_show_solution,
    isShowSolutionDirectly: row.is_show_solution_directly,
  };
}
