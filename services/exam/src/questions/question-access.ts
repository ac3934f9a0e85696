import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import { Projections } from '@lms/projections';

/** Where questions are written: an exam (its course, its number of packages) or a course's bank. */
export interface QuestionScope {
  courseId: number;
  examId: number | null;
  /** The exam's number of packages (null for the bank). */
  packages: number | null;
}

/**
 * Who may author questions: the course's lecturer and its assistants (the course projection's
 * staff), and for an exam also the exam's own assistants. Another campus's exam or course is a
 * 404; a student, or a lecturer who does not teach the course, a 403.
 */
@Injectable()
export class QuestionAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /** The exam, if the caller may author it. */
  async exam(
    auth: AuthContext,
    examId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<QuestionScope> {
    const [exam]: Array<{ id: string; course_id: string; package: number }> = await manager.query(
      `SELECT id, course_id, package FROM exams WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`,
      [examId, auth.tenantId],
    );
    if (!exam) throw notFound('Exam not found');
    const courseId = Number(exam.course_id);
    if (!(await this.projections.canAuthor(auth, courseId, manager))) {
      const [assistant] = await manager.query(
        `SELECT 1 FROM exam_assistants WHERE exam_id = $1 AND user_id = $2`,
        [examId, auth.userId],
      );
      if (!assistant)
        throw forbidden('Only the course’s lecturer, its assistants and the exam’s assistants may author it');
    }
    return { courseId, examId, packages: Number(exam.package) };
  }

  /** The course's bank, if the caller teaches the course. */
  async course(
    auth: AuthContext,
    courseId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<QuestionScope> {
    const course = await this.projections.course(auth.tenantId, courseId, manager);
    if (!course) throw notFound('Course not found');
    if (!(await this.projections.canAuthor(auth, courseId, manager)))
      throw forbidden('Only the course’s lecturer and its assistants may author its question bank');
    return { courseId, examId: null, packages: null };
  }

  /** The scope of an existing question (its exam or its course's bank), checked for the caller. */
  scopeOf(
    auth: AuthContext,
    question: { examId: number | null; courseId: number },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<QuestionScope> {
    return question.examId === null
      ? this.course(auth, question.courseId, manager)
      : this.exam(auth, question.examId, manager);
  }

  /** The courses whose questions the caller may read the tags of. */
  coursesTaught(auth: AuthContext): Promise<number[]> {
    return this.projections.coursesTaughtBy(auth);
  }

  /** A question's package must be one of its exam's (an exam without packages yet takes package 1). */
  checkPackage(scope: QuestionScope, pack: number): void {
    if (scope.packages === null) return;
    const packages = Math.max(scope.packages, 1);
    if (pack > packages)
      throw unprocessable([
        {
          pointer: attributePointer('package'),
          detail: `the exam has ${packages} package${packages === 1 ? '' : 's'}: package must be from 1 to ${packages}`,
        },
      ]);
  }
}
