import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, notFound, unprocessable } from '@lms/jsonapi';
import { configKey, examSebSettings, toPlist } from '../domain/seb';
import { Exam } from '../exams/exam.entity';
import { STUDIES_SQL } from '../exams/exams.service';
import { QuestionAccess } from '../questions/question-access';
import { ExamSebConfig } from './exam-seb-config.entity';

/** Characters of a quit password an invigilator reads out and types: no 0/O, 1/I/l. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_LENGTH = 10;

/**
 * The `.seb` file of an exam in Safe Exam Browser mode, for those who author it: made for the
 * exam's start page on the host the request came to, with a quit password kept per exam, and its
 * Config Key recorded for the check the taking of the exam will make.
 */
@Injectable()
export class SafeExamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: QuestionAccess,
  ) {}

  /**
   * The configuration file for the exam, opened at `origin` (`https://campus.example`), for its
   * authors; a student of the exam gets the one its authors made last (never a new one: the
   * Config Key the taking is checked against stays the same).
   */
  async download(
    auth: AuthContext,
    examId: number,
    origin: string,
  ): Promise<{ file: string; config: ExamSebConfig }> {
    if (auth.role === 'student') return this.forStudent(auth, examId);
    await this.access.exam(auth, examId);
    const [exam]: Array<{ is_safe: boolean }> = await this.dataSource.query(
      `SELECT is_safe FROM exams WHERE id = $1`,
      [examId],
    );
    if (!exam?.is_safe)
      throw unprocessable([
        {
          pointer: attributePointer('is_safe'),
          detail: 'the exam is not in Safe Exam Browser mode (is_safe)',
        },
      ]);
    return this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(ExamSebConfig, {
        where: { examId },
        lock: { mode: 'pessimistic_write' },
      });
      const quitPassword =
        current?.quitPassword ??
        Array.from(
          { length: PASSWORD_LENGTH },
          () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
        ).join('');
      const startUrl = `${origin}/exam/${examId}/start`;
      const settings = examSebSettings({ startUrl, quitPassword });
      const config = manager.create(ExamSebConfig, {
        examId,
        tenantId: auth.tenantId,
        quitPassword,
        startUrl: String(settings.startURL),
        configKey: configKey(settings),
      });
      await manager.save(config);
      return { file: toPlist(settings), config };
    });
  }

  /** The last `.seb` of a Safe Exam Browser exam the student may take, as its authors made it. */
  private async forStudent(
    auth: AuthContext,
    examId: number,
  ): Promise<{ file: string; config: ExamSebConfig }> {
    const exam = await this.dataSource.manager
      .createQueryBuilder(Exam, 'exam')
      .where('exam.id = :examId AND exam.tenant_id = :tenantId', { examId, tenantId: auth.tenantId })
      .andWhere(STUDIES_SQL, { me: auth.userId })
      .getOne();
    if (!exam) throw notFound('Exam not found');
    const config = exam.isSafe
      ? await this.dataSource.manager.findOneBy(ExamSebConfig, { examId, tenantId: auth.tenantId })
      : null;
    if (!config)
      throw notFound(
        exam.isSafe
          ? 'The lecturer has not made this exam’s Safe Exam Browser file yet'
          : 'This exam is not taken in Safe Exam Browser',
      );
    const settings = examSebSettings({ startUrl: config.startUrl, quitPassword: config.quitPassword });
    return { file: toPlist(settings), config };
  }

  /** What was handed out last (quit password, start URL, Config Key), or nothing yet. */
  async current(auth: AuthContext, examId: number): Promise<ExamSebConfig | null> {
    await this.access.exam(auth, examId);
    return this.dataSource.manager.findOneBy(ExamSebConfig, { examId, tenantId: auth.tenantId });
  }
}
