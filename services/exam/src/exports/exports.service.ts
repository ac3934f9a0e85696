import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, forbidden, notFound } from '@lms/jsonapi';
import { type BlobStorage, linkToStored, putWritten, removeQuietly } from '@lms/storage';
import { computeAnswer, type DatasetValues, fillPlaceholders, formatNumber } from '../domain/dataset';
import { CHOICE_TYPES, type QuestionType } from '../domain/question-rules';
import { QuestionAccess } from '../questions/question-access';
import { BLOB_STORAGE } from '../storage/blob-storage';
import { type AnswerSheet, type AnsweredQuestion, writeAnswersPdf } from './answers-pdf';
import { ExamExport, type ExportKind } from './exam-export.entity';
import { countedAttempt } from './final-score';
import {
  type AttemptResult,
  type ResultsQuestion,
  type StudentResult,
  writeResultsWorkbook,
} from './results-workbook';

/** How long a download link of a stored export stays valid. */
export const EXPORT_LINK_SECONDS = 5 * 60;
/** The largest export the store accepts (a whole exam's answers of a large cohort). */
const MAX_EXPORT_BYTES = 1024 * 1024 * 1024;
/** Attempts read per query for an answers PDF. */
const SHEET_BATCH = 200;

export const EXPORT_TYPES: Record<ExportKind, { mime: string; extension: string }> = {
  results: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  answers: { mime: 'application/pdf', extension: 'pdf' },
};

/** An export just made: its record and the file, to answer as it is. */
export interface MadeExport {
  record: ExamExport;
  body: Readable;
  mime: string;
}

/** A stored export and a short-lived link to it. */
export interface ExportLink {
  record: ExamExport;
  downloadUrl: string;
}

interface ExamFacts {
  id: number;
  tenantId: number;
  name: string;
  courseName: string;
  passingGrade: number;
  finalScoreType: 'highest' | 'latest' | 'average';
}

interface AttemptRow {
  id: string;
  student_id: string;
  attempt: number;
  package: number;
  is_finished: boolean;
  is_stopped: boolean;
  start_at: Date | null;
  finished_at: Date | null;
  score: string | null;
  is_passed: boolean | null;
}

/** A name safe in a file name: letters, digits, spaces and `-_.` of any script. */
const fileSafe = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} _.-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'exam';

const numeric = (value: string | null) => (value === null ? null : Number(value));

/**
 * Exports of an exam's results (.xlsx) and answers (.pdf), for the exam's staff: each is written
 * straight into the exam service's blob store (nothing held whole in memory), recorded in
 * `exam_exports` (the newest of each exam, kind and attempt replaces the older), answered as a
 * file, and later handed out again by a short-lived link.
 */
@Injectable()
export class ExportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: QuestionAccess,
    @Inject(BLOB_STORAGE) private readonly storage: BlobStorage,
  ) {}

  /** The results workbook of the exam: a row per student of its classes and per attempt. */
  async results(auth: AuthContext, examId: number): Promise<MadeExport> {
    const exam = await this.staffExam(auth, examId);
    return this.make(auth, exam, 'results', null, (out) => this.writeResults(auth, exam, out));
  }

  /** The answers PDF of the exam (every attempt) or of one attempt of it. */
  async answers(auth: AuthContext, examId: number, studentExamId: number | null): Promise<MadeExport> {
    const exam = await this.staffExam(auth, examId);
    if (studentExamId !== null) {
      const rows: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM student_exams WHERE id = $1 AND exam_id = $2 AND tenant_id = $3`,
        [studentExamId, examId, auth.tenantId],
      );
      if (rows.length === 0) throw notFound('The attempt does not exist in this exam');
    }
    return this.make(auth, exam, 'answers', studentExamId, (out) =>
      this.writeAnswers(auth, exam, studentExamId, out),
    );
  }

  /** A short-lived link to the newest stored export of the exam of this kind (and attempt). */
  async link(
    auth: AuthContext,
    examId: number,
    kind: ExportKind,
    studentExamId: number | null,
  ): Promise<ExportLink> {
    await this.staffExam(auth, examId);
    const record = await this.dataSource.getRepository(ExamExport).findOne({
      where: {
        examId,
        kind,
        studentExamId: studentExamId ?? IsNull(),
        tenantId: auth.tenantId,
      },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    if (!record) throw notFound('No export of this exam is stored: make one first');
    const downloadUrl = await linkToStored(
      this.storage,
      record.blobKey,
      EXPORT_LINK_SECONDS,
      record.filename,
    );
    if (downloadUrl === null) throw notFound('The export is no longer stored: make it again');
    return { record, downloadUrl };
  }

  /**
   * Removes the stored answers of an attempt (the client does this, best effort, once the attempt
   * is finished: its answers changed). Allowed to the attempt's student and the exam's staff;
   * nothing stored is not an error.
   */
  async removeOfAttempt(auth: AuthContext, studentExamId: number): Promise<void> {
    const [attempt]: Array<{ exam_id: string; student_id: string }> = await this.dataSource.query(
      `SELECT exam_id, student_id FROM student_exams WHERE id = $1 AND tenant_id = $2`,
      [studentExamId, auth.tenantId],
    );
    if (!attempt) throw notFound('The attempt does not exist');
    if (Number(attempt.student_id) !== auth.userId) await this.staffExam(auth, Number(attempt.exam_id));
    const removed = await this.dataSource.transaction(async (manager) => {
      const records = await manager.find(ExamExport, { where: { studentExamId, tenantId: auth.tenantId } });
      if (records.length > 0)
        await manager.delete(
          ExamExport,
          records.map((record) => record.id),
        );
      return records;
    });
    for (const record of removed) await removeQuietly(this.storage, record.blobKey);
  }

  private async staffExam(auth: AuthContext, examId: number): Promise<ExamFacts> {
    if (auth.role === 'student') throw forbidden('Only the exam’s staff may export it');
    await this.access.exam(auth, examId);
    const [row]: Array<{
      name: string;
      course_name: string | null;
      passing_grade: string;
      final_score_type: ExamFacts['finalScoreType'];
    }> = await this.dataSource.query(
      `SELECT e.name, c.name AS course_name, e.passing_grade, e.final_score_type
         FROM exams e LEFT JOIN courses c ON c.id = e.course_id
        WHERE e.id = $1 AND e.tenant_id = $2`,
      [examId, auth.tenantId],
    );
    if (!row) throw notFound('Exam not found');
    return {
      id: examId,
      tenantId: auth.tenantId,
      name: row.name,
      courseName: row.course_name ?? '',
      passingGrade: Number(row.passing_grade),
      finalScoreType: row.final_score_type,
    };
  }

  /**
   * Writes the file into the store as `write` produces it, records it, drops the older exports of
   * the same scope, and answers the stored file.
   */
  private async make(
    auth: AuthContext,
    exam: ExamFacts,
    kind: ExportKind,
    studentExamId: number | null,
    write: (out: Writable) => Promise<void>,
  ): Promise<MadeExport> {
    const type = EXPORT_TYPES[kind];
    const key = `exam/${auth.tenantId}/${exam.id}/exports/${randomUUID()}.${type.extension}`;
    const stamp = formatWireDate(new Date(), auth.timeZone).replace(/[-: ]/g, '').slice(0, 12);
    const scope = studentExamId === null ? '' : ` attempt ${studentExamId}`;
    const filename = `${fileSafe(exam.name)}${scope} ${kind} ${stamp}.${type.extension}`;
    const { stored } = await putWritten(
      this.storage,
      key,
      { contentType: type.mime, maxBytes: MAX_EXPORT_BYTES },
      write,
    );
    const older = await this.dataSource.transaction(async (manager) => {
      const previous = await this.scopeOf(manager, exam.id, kind, studentExamId);
      const record = await manager.save(
        manager.create(ExamExport, {
          tenantId: auth.tenantId,
          examId: exam.id,
          studentExamId,
          kind,
          blobKey: key,
          filename,
          size: stored.size,
          createdBy: auth.userId,
        }),
      );
      if (previous.length > 0)
        await manager.delete(
          ExamExport,
          previous.map((row) => row.id),
        );
      return { record, previous };
    });
    for (const row of older.previous) await removeQuietly(this.storage, row.blobKey);
    return { record: older.record, body: await this.storage.get(key), mime: type.mime };
  }

  private scopeOf(manager: EntityManager, examId: number, kind: ExportKind, studentExamId: number | null) {
    return manager
      .createQueryBuilder(ExamExport, 'x')
      .where('x.exam_id = :examId AND x.kind = :kind', { examId, kind })
      .andWhere(studentExamId === null ? 'x.student_exam_id IS NULL' : 'x.student_exam_id = :studentExamId', {
        studentExamId,
      })
      .getMany();
  }

  // -------------------------------------------------------------------------------------------
  // Results

  private async writeResults(auth: AuthContext, exam: ExamFacts, out: Writable): Promise<void> {
    const manager = this.dataSource.manager;
    const questionRows: Array<{ id: string; package: number; index: number; weight: number }> =
      await manager.query(
        `SELECT id, package, index, weight FROM questions WHERE exam_id = $1 ORDER BY package, index, id`,
        [exam.id],
      );
    const packages = new Set(questionRows.map((row) => row.package)).size;
    const questions: ResultsQuestion[] = questionRows.map((row) => ({
      id: Number(row.id),
      label: packages > 1 ? `P${row.package} Q${row.index}` : `Q${row.index}`,
      weight: Number(row.weight),
    }));
    const attempts: AttemptRow[] = await manager.query(
      `SELECT id, student_id, attempt, package, is_finished, is_stopped, start_at, finished_at, score, is_passed
         FROM student_exams WHERE exam_id = $1 AND tenant_id = $2 ORDER BY student_id, attempt`,
      [exam.id, auth.tenantId],
    );
    const scores: Array<{ student_exam_id: string; question_id: string; score: string | null }> =
      await manager.query(
        `SELECT sq.student_exam_id, sq.question_id, sq.score
           FROM student_questions sq JOIN student_exams se ON se.id = sq.student_exam_id
          WHERE se.exam_id = $1 AND se.tenant_id = $2`,
        [exam.id, auth.tenantId],
      );
    const scoresOf = new Map<number, Map<number, number | null>>();
    for (const row of scores) {
      const id = Number(row.student_exam_id);
      if (!scoresOf.has(id)) scoresOf.set(id, new Map());
      scoresOf.get(id)!.set(Number(row.question_id), numeric(row.score));
    }
    const attemptsOf = new Map<number, AttemptResult[]>();
    for (const row of attempts) {
      const studentId = Number(row.student_id);
      if (!attemptsOf.has(studentId)) attemptsOf.set(studentId, []);
      attemptsOf.get(studentId)!.push({
        attempt: row.attempt,
        package: row.package,
        status: row.is_stopped ? 'stopped' : row.is_finished ? 'finished' : 'started',
        startedAt: row.start_at ? formatWireDate(row.start_at, auth.timeZone) : null,
        finishedAt: row.finished_at ? formatWireDate(row.finished_at, auth.timeZone) : null,
        score: numeric(row.score),
        passed: row.is_passed,
        questionScores: scoresOf.get(Number(row.id)) ?? new Map(),
      });
    }
    const students = await this.studentsOf(manager, exam.id, auth.tenantId, [...attemptsOf.keys()]);
    const rows: StudentResult[] = students.map((student) => {
      const own = attemptsOf.get(student.id) ?? [];
      const counted = countedAttempt(own, exam.finalScoreType, exam.passingGrade);
      return {
        username: student.number,
        name: student.name,
        className: student.className,
        attempts: own,
        finalScore: counted.score,
        passed: counted.passed,
        shown: counted.shown,
      };
    });
    await writeResultsWorkbook(
      {
        exam: {
          name: exam.name,
          course: exam.courseName,
          passingGrade: exam.passingGrade,
          finalScoreType: exam.finalScoreType,
        },
        generatedAt: formatWireDate(new Date(), auth.timeZone),
        questions,
        students: rows,
      },
      out,
    );
  }

  /**
   * The students of the exam, by name: those enrolled in its classes (every class of the course
   * when it names none) and anyone else with an attempt (left the class since).
   */
  private async studentsOf(
    manager: EntityManager,
    examId: number,
    tenantId: number,
    withAttempts: number[],
  ): Promise<Array<{ id: number; number: string; name: string; className: string | null }>> {
    const rows: Array<{
      id: string;
      username: string;
      nim: string | null;
      name: string;
      class_name: string | null;
    }> = await manager.query(
      `WITH exam AS (SELECT id, course_id FROM exams WHERE id = $1 AND tenant_id = $2),
              enrolled AS (
                SELECT st.user_id, min(cc.name) AS class_name
                  FROM course_students st
                  JOIN exam ON st.course_id = exam.course_id
                  LEFT JOIN course_classes cc ON cc.id = st.class_id
                 WHERE st.enrolled
                   AND (NOT EXISTS (SELECT 1 FROM exam_classes ec WHERE ec.exam_id = exam.id)
                        OR st.class_id IN (SELECT ec.class_id FROM exam_classes ec WHERE ec.exam_id = exam.id))
                 GROUP BY st.user_id),
              everyone AS (
                SELECT user_id, class_name FROM enrolled
                UNION ALL
                SELECT id, NULL FROM unnest($3::bigint[]) AS id WHERE id NOT IN (SELECT user_id FROM enrolled))
         SELECT e.user_id AS id, u.username, u.nim, coalesce(u.name, '#' || e.user_id) AS name, e.class_name
           FROM everyone e LEFT JOIN users u ON u.id = e.user_id AND u.tenant_id = $2
          ORDER BY name, e.user_id`,
      [examId, tenantId, withAttempts],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      number: row.nim ?? row.username ?? String(row.id),
      name: row.name,
      className: row.class_name,
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Answers

  private async writeAnswers(
    auth: AuthContext,
    exam: ExamFacts,
    studentExamId: number | null,
    out: Writable,
  ): Promise<void> {
    await writeAnswersPdf(
      {
        exam: { name: exam.name, course: exam.courseName },
        generatedAt: formatWireDate(new Date(), auth.timeZone),
        sheets: this.sheets(auth, exam, studentExamId),
      },
      out,
    );
  }

  /** The attempts' answer sheets, by student name and attempt, read a batch at a time. */
  private async *sheets(
    auth: AuthContext,
    exam: ExamFacts,
    studentExamId: number | null,
  ): AsyncGenerator<AnswerSheet> {
    const manager = this.dataSource.manager;
    const attempts: Array<
      AttemptRow & {
        username: string | null;
        nim: string | null;
        name: string | null;
        class_name: string | null;
      }
    > = await manager.query(
      `SELECT se.id, se.student_id, se.attempt, se.package, se.is_finished, se.is_stopped, se.start_at,
              se.finished_at, se.score, se.is_passed, u.username, u.nim, u.name,
              (SELECT min(cc.name) FROM course_students st JOIN course_classes cc ON cc.id = st.class_id
                 JOIN exams e ON e.id = se.exam_id
                WHERE st.user_id = se.student_id AND st.course_id = e.course_id AND st.enrolled) AS class_name
         FROM student_exams se LEFT JOIN users u ON u.id = se.student_id AND u.tenant_id = se.tenant_id
        WHERE se.exam_id = $1 AND se.tenant_id = $2 AND ($3::bigint IS NULL OR se.id = $3)
        ORDER BY u.name, se.student_id, se.attempt`,
      [exam.id, auth.tenantId, studentExamId],
    );
    for (let start = 0; start < attempts.length; start += SHEET_BATCH) {
      const batch = attempts.slice(start, start + SHEET_BATCH);
      const questions = await this.answeredQuestions(
        manager,
        batch.map((row) => Number(row.id)),
      );
      for (const row of batch) {
        yield {
          student: {
            username: row.nim ?? row.username ?? String(row.student_id),
            name: row.name ?? `#${row.student_id}`,
            className: row.class_name,
          },
          attempt: row.attempt,
          package: row.package,
          status: row.is_stopped ? 'stopped' : row.is_finished ? 'finished' : 'started',
          startedAt: row.start_at ? formatWireDate(row.start_at, auth.timeZone) : null,
          finishedAt: row.finished_at ? formatWireDate(row.finished_at, auth.timeZone) : null,
          score: numeric(row.score),
          passed: row.is_passed,
          questions: questions.get(Number(row.id)) ?? [],
        };
      }
    }
  }

  /** The questions of these attempts with the student's answers, in each student's order. */
  private async answeredQuestions(
    manager: EntityManager,
    studentExamIds: number[],
  ): Promise<Map<number, AnsweredQuestion[]>> {
    const rows: Array<{
      student_exam_id: string;
      question_id: string;
      index: number;
      score: string | null;
      questions_type: QuestionType | null;
      question: string | null;
      weight: number | null;
      values: DatasetValues | null;
      answer: { answer_index?: number[]; value?: string; text?: string } | null;
    }> = await manager.query(
      `SELECT sq.student_exam_id, sq.question_id, sq.index, sq.score, q.questions_type, q.question, q.weight,
              item.values, sa.answer
         FROM student_questions sq
         LEFT JOIN questions q ON q.id = sq.question_id
         LEFT JOIN data_set_items item ON item.id = sq.data_set_item_id
         LEFT JOIN student_answers sa ON sa.student_question_id = sq.id
        WHERE sq.student_exam_id = ANY($1::bigint[])
        ORDER BY sq.student_exam_id, sq.index`,
      [studentExamIds],
    );
    const questionIds = [...new Set(rows.map((row) => Number(row.question_id)))];
    const options: Array<{
      question_id: string;
      index: number;
      answer: string | null;
      point: number;
      exact_answer: string | null;
      tolerance: number;
      decimal_place: number;
      formula: string | null;
    }> = await manager.query(
      `SELECT question_id, index, answer, point, exact_answer, tolerance, decimal_place, formula
         FROM question_answers WHERE question_id = ANY($1::bigint[]) ORDER BY question_id, index`,
      [questionIds],
    );
    const optionsOf = new Map<number, typeof options>();
    for (const option of options) {
      const id = Number(option.question_id);
      if (!optionsOf.has(id)) optionsOf.set(id, []);
      optionsOf.get(id)!.push(option);
    }
    const result = new Map<number, AnsweredQuestion[]>();
    for (const row of rows) {
      const type: QuestionType = row.questions_type ?? 'essay';
      const values = row.values ?? {};
      const own = optionsOf.get(Number(row.question_id)) ?? [];
      const computed = (option: (typeof own)[number]) => {
        try {
          return formatNumber(computeAnswer(option.formula ?? '', values, option.decimal_place));
        } catch {
          return '(the formula cannot be computed)';
        }
      };
      const chosen = new Set(row.answer?.answer_index ?? []);
      const choice = CHOICE_TYPES.includes(type);
      // Exact and calculated: the options are the accepted answers (those with points, when any has).
      const withPoints = own.filter((option) => option.point > 0);
      const accepted = withPoints.length > 0 ? withPoints : own;
      const tolerance = (option: (typeof own)[number]) =>
        option.tolerance > 0 ? ` ± ${option.tolerance}` : '';
      const expected =
        type === 'exact'
          ? accepted.map((option) => `${option.exact_answer ?? ''}${tolerance(option)}`)
          : type === 'parameterized'
            ? accepted.map((option) => `${computed(option)}${tolerance(option)}`)
            : [];
      const answered: AnsweredQuestion = {
        index: row.index,
        type,
        text: row.question === null ? '(the question was deleted)' : fillPlaceholders(row.question, values),
        weight: Number(row.weight ?? 0),
        score: numeric(row.score),
        options: choice
          ? own.map((option) => ({
              index: option.index,
              text:
                type === 'parameterized_multiple_choices' && option.formula
                  ? computed(option)
                  : fillPlaceholders(option.answer ?? '', values),
              chosen: chosen.has(option.index),
              correct: option.point > 0,
            }))
          : [],
        answer: choice ? null : (row.answer?.text ?? row.answer?.value ?? null),
        expected: expected.length > 0 ? expected.join(' or ') : null,
      };
      const id = Number(row.student_exam_id);
      if (!result.has(id)) result.set(id, []);
      result.get(id)!.push(answered);
    }
    return result;
  }
}
