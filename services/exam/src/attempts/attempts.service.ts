import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { outboxRow, recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import {
  attemptDeadline,
  attemptRandom,
  effectiveWindow,
  pick,
  shuffle,
  type Window,
} from '../domain/attempt';
import { ExamAccessService } from '../access/access.service';
import { PARAMETERIZED_TYPES } from '../domain/question-rules';
import { Exam } from '../exams/exam.entity';
import { GradingService } from '../grading/grading.service';
import {
  ATTEMPT_SELECT,
  attemptFromRow,
  type AttemptView,
  renderStudentQuestion,
  STUDENT_QUESTIONS_SELECT,
  type StudentQuestionView,
} from './attempt-views';
import { type ExamContent, ExamContentCache } from './exam-content.cache';
import { MonitorFeed } from './monitor-feed';
import { MONITOR_ROWS_SQL, monitorRowOf } from './monitor-rows';

/** Why an attempt ended (`exam.attempt.finished`). */
export type FinishReason = 'student' | 'deadline' | 'stopped';

/** A refusal to start, as the lobby lists it and generate answers it (403 with `code`). */
export interface Refusal {
  code: string;
  detail: string;
}

/** What the lobby (`GET /exam/exams/{id}/take`) tells a student. */
export interface Lobby {
  content: ExamContent;
  attempt: AttemptView | null;
  retriesLeft: number;
  reasons: Refusal[];
  needsToken: boolean;
  tokenValidated: boolean;
}

/** Who staff of an exam are: its course's lecturer and assistants, and its own assistants. */
const STAFF_SQL = `(EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = $2 AND cs.user_id = $3)
  OR EXISTS (SELECT 1 FROM exam_assistants ea WHERE ea.exam_id = $1 AND ea.user_id = $3))`;

const fmt = (time: Date) => time.toISOString();

/**
 * Attempts at exams (spec 02 §4): the lobby, starting or resuming (one attempt per start, however
 * many requests race: the unique (exam, student, attempt) decides), the attempt's questions in the
 * student's order, the current index, finishing (by the student, at the deadline, stopped by
 * staff), reset and overrides. Answers are saved by {@link AnswerSaver}.
 */
@Injectable()
export class AttemptsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly cache: ExamContentCache,
    private readonly grading: GradingService,
    private readonly access: ExamAccessService,
    private readonly feed: MonitorFeed,
  ) {}

  // ---- the student's side ---------------------------------------------------------------

  /** The exam as its student sees it before starting: their attempt, retries left, what stops them. */
  async lobby(auth: AuthContext, examId: number, request: FastifyRequest): Promise<Lobby> {
    const content = await this.examFor(auth, examId);
    const facts = await this.studentFacts(auth, content);
    const latest = facts.latest;
    const now = new Date();
    const reasons: Refusal[] = [];
    const running =
      latest !== null && !latest.isFinished && latest.startAt !== null && !this.overdue(latest, now);
    // attempts used: a reset attempt (no start) is still to be taken
    const used =
      latest === null
        ? 0
        : latest.startAt === null && !latest.isFinished
          ? latest.attempt - 1
          : latest.attempt;
    const retriesLeft = Math.max(0, content.exam.retry + 1 - used);
    if (!running) {
      const refusal = this.refusal(content, facts.inClass, facts.window, retriesLeft, now);
      if (refusal) reasons.push(refusal);
    }
    // the token, the IP allow-list and Safe Exam Browser (ExamAccessService), for a start or a rejoin
    const access = await this.access.check(await this.accessExam(content), auth.userId, request);
    reasons.push(...access.refusals.map(({ code, detail }) => ({ code, detail })));
    return {
      content,
      attempt: latest,
      retriesLeft,
      reasons,
      needsToken: access.needsToken,
      tokenValidated: access.tokenValidated,
    };
  }

  /**
   * Starts the student's next attempt or resumes the running one: exactly one attempt per
   * (exam, student, attempt) however many requests race, each answered with it.
   */
  async generate(auth: AuthContext, examId: number, request: FastifyRequest): Promise<AttemptView> {
    const content = await this.examFor(auth, examId);
    const { exam } = content;
    const facts = await this.studentFacts(auth, content);
    const now = new Date();
    let latest = facts.latest;
    if (latest && !latest.isFinished && this.overdue(latest, now)) {
      await this.finish(latest.id, 'deadline');
      latest = { ...latest, isFinished: true };
    }
    if (latest && !latest.isFinished && latest.startAt !== null) {
      // a rejoin: from an allowed address and browser, with the token's reconnect rules
      if (this.restricted(content))
        await this.access.assertMayStart(await this.accessExam(content), auth.userId, request);
      return this.withQuestions(latest, content);
    }
    const attempt = latest && !latest.isFinished ? latest.attempt : (latest?.attempt ?? 0) + 1;
    const retriesLeft = exam.retry + 1 - (attempt - 1);
    const refusal = this.refusal(content, facts.inClass, facts.window, retriesLeft, now);
    if (refusal) throw forbidden(refusal.detail, refusal.code);
    if (latest && !latest.isFinished) {
      // A reset attempt: it starts again now, with its questions and answers.
      await this.restart(latest, content, facts.window, now, request);
    } else {
      const started = await this.start(auth, content, attempt, facts.window, facts.override, now, request);
      if (started) return started;
    }
    // a reset attempt, or one another request started meanwhile
    const [row] = await this.dataSource.query(
      `${ATTEMPT_SELECT} WHERE se.exam_id = $1 AND se.student_id = $2 AND se.attempt = $3`,
      [examId, auth.userId, attempt],
    );
    return this.withQuestions(attemptFromRow(row), content);
  }

  /** The questions of an attempt its reader may see, in the student's order. */
  async questions(auth: AuthContext, studentExamId: number): Promise<StudentQuestionView[]> {
    const { attempt, content } = await this.readable(auth, studentExamId);
    await this.closeIfOverdue(auth, attempt);
    return this.questionsOf(attempt.id, content);
  }

  /** One question of an attempt; after the attempt's end a 403, and the attempt is finished. */
  async question(auth: AuthContext, studentQuestionId: number): Promise<StudentQuestionView> {
    const [row]: Array<{ student_exam_id: string }> = await this.dataSource.query(
      `SELECT student_exam_id FROM student_questions WHERE id = $1`,
      [studentQuestionId],
    );
    if (!row) throw notFound('Question not found');
    const { attempt, content } = await this.readable(auth, Number(row.student_exam_id), 'Question not found');
    await this.closeIfOverdue(auth, attempt);
    const rows = await this.dataSource.query(`${STUDENT_QUESTIONS_SELECT} WHERE sq.id = $1`, [
      studentQuestionId,
    ]);
    const view = renderStudentQuestion(rows[0], content);
    if (!view) throw notFound('The question was removed from the exam');
    return view;
  }

  /**
   * Moves the student to question `index`; back only when the exam allows it. A third of the
   * requests of an exam: the usual move (the student's own running attempt, an index it has, forward
   * or allowed back) is one statement that checks, moves and reads the attempt; anything else
   * takes the checks one by one to say why it is refused.
   */
  async setIndex(auth: AuthContext, studentExamId: number, index: number): Promise<AttemptView> {
    const [moved]: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH moved AS (
         UPDATE student_exams se SET current_index = $4
           FROM exams e, attempt_progress ap
          WHERE se.id = $1 AND se.tenant_id = $2 AND se.student_id = $3 AND e.id = se.exam_id
            AND ap.student_exam_id = se.id AND $4 <= ap.total
            AND NOT se.is_finished AND se.start_at IS NOT NULL AND (se.end_at IS NULL OR se.end_at > now())
            AND (e.is_back OR se.current_index <= $4)
          RETURNING se.*),
       progress AS (
         UPDATE attempt_progress ap SET current_index = $4 FROM moved
          WHERE ap.student_exam_id = moved.id RETURNING ap.total, ap.answered)
       SELECT moved.*, progress.total, progress.answered, u.name AS student_name
         FROM moved CROSS JOIN progress LEFT JOIN users u ON u.id = moved.student_id`,
      [studentExamId, auth.tenantId, auth.userId, index],
    );
    // a running attempt's score is never shown to its student
    if (moved) {
      this.feed.touched([studentExamId]); // one statement: committed
      return { ...attemptFromRow(moved), score: null, isPassed: null, scoreVisible: false };
    }
    const { attempt, content } = await this.own(auth, studentExamId);
    this.assertRunning(attempt);
    if (index > attempt.total)
      throw unprocessable([
        {
          pointer: attributePointer('current_index'),
          detail: `current_index must be from 1 to ${attempt.total}`,
        },
      ]);
    await this.unit.run(async (manager) => {
      const [, updated]: [unknown, number] = await manager.query(
        `UPDATE student_exams SET current_index = $2
          WHERE id = $1 AND NOT is_finished AND ($3 OR current_index <= $2)`,
        [studentExamId, index, content.exam.isBack],
      );
      if (updated === 0)
        throw forbidden('Going back to earlier questions is not allowed in this exam', 'no_back');
      await manager.query(`UPDATE attempt_progress SET current_index = $2 WHERE student_exam_id = $1`, [
        studentExamId,
        index,
      ]);
      this.feed.touchedIn(manager, [studentExamId]);
    });
    return this.attempt(auth, studentExamId);
  }

  /** The student finishes their attempt (again: nothing changes). */
  async finishOwn(auth: AuthContext, studentExamId: number): Promise<AttemptView> {
    const { attempt } = await this.own(auth, studentExamId);
    if (!attempt.isFinished)
      await this.finish(attempt.id, this.overdue(attempt, new Date()) ? 'deadline' : 'student');
    return this.attempt(auth, studentExamId);
  }

  /** `GET /exam/exams/{id}/finish`: finishes the caller's running attempt at the exam. */
  async finishRunning(auth: AuthContext, examId: number): Promise<AttemptView> {
    await this.examFor(auth, examId);
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM student_exams WHERE exam_id = $1 AND student_id = $2 AND tenant_id = $3
        ORDER BY attempt DESC LIMIT 1`,
      [examId, auth.userId, auth.tenantId],
    );
    if (!row) throw notFound('You have not started this exam');
    return this.finishOwn(auth, Number(row.id));
  }

  // ---- reading attempts -----------------------------------------------------------------

  /** One attempt its reader may see. */
  async attempt(auth: AuthContext, studentExamId: number): Promise<AttemptView> {
    return (await this.readable(auth, studentExamId)).attempt;
  }

  /** Attempts at an exam: a student's own, or every student's for its staff. */
  async attempts(auth: AuthContext, examId: number): Promise<AttemptView[]> {
    const content = await this.cache.get(examId);
    if (!content || Number(content.exam.tenantId) !== auth.tenantId) throw notFound('Exam not found');
    const staff = await this.isStaff(auth, content);
    const rows = await this.dataSource.query(
      `${ATTEMPT_SELECT} WHERE se.exam_id = $1 AND se.tenant_id = $2 ${staff ? '' : 'AND se.student_id = $3'}
        ORDER BY u.name, se.student_id, se.attempt`,
      staff ? [examId, auth.tenantId] : [examId, auth.tenantId, auth.userId],
    );
    return rows.map((row: Record<string, unknown>) => this.shown(attemptFromRow(row), content, staff));
  }

  // ---- staff ------------------------------------------------------------------------------

  /** Stops attempts (their staff only): each ends now, once; one the caller may not manage fails them all. */
  async stop(auth: AuthContext, studentExamIds: number[]): Promise<AttemptView[]> {
    for (const id of studentExamIds) await this.managed(auth, id);
    for (const id of studentExamIds) await this.finish(id, 'stopped');
    return Promise.all(studentExamIds.map((id) => this.attempt(auth, id)));
  }

  /**
   * Reset (spec 02 §4): the attempt is open again — not finished, not stopped, no start, end,
   * finish or score — and starts anew when its student resumes it, with its questions and answers.
   */
  async reset(auth: AuthContext, studentExamId: number): Promise<AttemptView> {
    await this.managed(auth, studentExamId);
    await this.unit.run(async (manager) => {
      await manager.query(
        `UPDATE student_exams SET is_finished = false, is_stopped = false, start_at = NULL, end_at = NULL,
            finished_at = NULL, score = NULL, is_passed = NULL, scored_at = NULL
          WHERE id = $1`,
        [studentExamId],
      );
      await manager.query(
        `UPDATE attempt_progress SET status = 'started', score = NULL WHERE student_exam_id = $1`,
        [studentExamId],
      );
      this.feed.touchedIn(manager, [studentExamId]);
    });
    return this.attempt(auth, studentExamId);
  }

  /**
   * A student's own window for this attempt (and their later ones at the exam); a running
   * attempt's deadline follows it.
   */
  async overrideAttempt(
    auth: AuthContext,
    studentExamId: number,
    window: { override_start_at?: Date | null; override_end_at?: Date | null },
  ): Promise<AttemptView> {
    const { attempt, content } = await this.managed(auth, studentExamId);
    await this.writeOverride(auth, content, attempt.studentId, window);
    return this.attempt(auth, studentExamId);
  }

  /** `PATCH /exam/exams/{id}/override`: a student's window before (or while) they take the exam. */
  async overrideStudent(
    auth: AuthContext,
    examId: number,
    input: { student_id: number; override_start_at?: Date | null; override_end_at?: Date | null },
  ): Promise<{
    examId: number;
    studentId: number;
    overrideStartAt: Date | null;
    overrideEndAt: Date | null;
  }> {
    const content = await this.cache.get(examId);
    if (!content || Number(content.exam.tenantId) !== auth.tenantId || content.exam.deletedAt)
      throw notFound('Exam not found');
    if (!(await this.isStaff(auth, content)))
      throw forbidden('Only the staff of the exam may change a student’s times');
    const [student] = await this.dataSource.query(
      `SELECT 1 FROM course_students WHERE course_id = $1 AND user_id = $2 AND tenant_id = $3 AND enrolled`,
      [content.exam.courseId, input.student_id, auth.tenantId],
    );
    if (!student)
      throw unprocessable([
        {
          pointer: attributePointer('student_id'),
          detail: 'student_id is not a student of the exam’s course',
        },
      ]);
    return this.writeOverride(auth, content, input.student_id, input);
  }

  /** The monitor's rows (attempt_progress only) with names, and counts. */
  async monitor(auth: AuthContext, examId: number) {
    const content = await this.cache.get(examId);
    if (!content || Number(content.exam.tenantId) !== auth.tenantId) throw notFound('Exam not found');
    if (!(await this.isStaff(auth, content))) throw forbidden('Only the staff of the exam watch it');
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `${MONITOR_ROWS_SQL} WHERE ap.exam_id = $1 ORDER BY u.name, ap.student_id, se.attempt`,
      [examId],
    );
    const [{ students }]: Array<{ students: string }> = await this.dataSource.query(
      `SELECT count(DISTINCT st.user_id) AS students FROM course_students st
        WHERE st.course_id = $1 AND st.tenant_id = $2 AND st.enrolled
          AND (cardinality($3::bigint[]) = 0 OR st.class_id = ANY($3::bigint[]))`,
      [content.exam.courseId, auth.tenantId, content.classIds],
    );
    const progress = rows.map(monitorRowOf);
    const started = new Set(progress.map((row) => row.studentId));
    const counts = {
      students: Number(students),
      not_started: Math.max(0, Number(students) - started.size),
      started: progress.filter((row) => row.status === 'started').length,
      finished: progress.filter((row) => row.status === 'finished').length,
      stopped: progress.filter((row) => row.status === 'stopped').length,
    };
    return { progress, counts };
  }

  // ---- finishing --------------------------------------------------------------------------

  /** Finishes the attempt if its deadline has passed (a save or read that came too late). */
  async finishIfOverdue(studentExamId: number): Promise<void> {
    const [row] = await this.dataSource.query(
      `SELECT 1 FROM student_exams
        WHERE id = $1 AND NOT is_finished AND start_at IS NOT NULL AND end_at <= now()`,
      [studentExamId],
    );
    if (row) await this.finish(studentExamId, 'deadline');
  }

  /** Finishes an attempt in its own transaction; false when it had already ended. */
  finish(studentExamId: number, reason: FinishReason): Promise<boolean> {
    return this.unit.run((manager) => this.finishIn(manager, studentExamId, reason));
  }

  /**
   * Ends the attempt inside the caller's transaction — locked first, so a finish racing another
   * (the student's click, the sweeper, a stop) ends it once: the first sets it finished, records
   * `exam.attempt.finished` and scores it (GradingService), the others find it finished and change
   * nothing.
   */
  async finishIn(manager: EntityManager, studentExamId: number, reason: FinishReason): Promise<boolean> {
    const [row]: Array<Record<string, string | number | boolean>> = await manager.query(
      `SELECT se.id, se.tenant_id, se.exam_id, se.student_id, se.attempt, se.is_finished, e.course_id
         FROM student_exams se JOIN exams e ON e.id = se.exam_id
        WHERE se.id = $1 FOR UPDATE OF se`,
      [studentExamId],
    );
    if (!row || row.is_finished) return false;
    const [[{ finished_at: finishedAt }]]: [[{ finished_at: Date }], number] = await manager.query(
      `UPDATE student_exams SET is_finished = true, is_stopped = $2, finished_at = now()
        WHERE id = $1 RETURNING finished_at`,
      [studentExamId, reason === 'stopped'],
    );
    await manager.query(`UPDATE attempt_progress SET status = $2 WHERE student_exam_id = $1`, [
      studentExamId,
      reason === 'stopped' ? 'stopped' : 'finished',
    ]);
    this.feed.touchedIn(manager, [studentExamId]);
    await recordEvent(manager, 'exam.attempt.finished', {
      tenantId: Number(row.tenant_id),
      key: studentExamId,
      data: {
        examId: Number(row.exam_id),
        courseId: Number(row.course_id),
        studentExamId: Number(studentExamId),
        studentId: Number(row.student_id),
        attempt: Number(row.attempt),
        reason,
        finishedAt: fmt(finishedAt),
      },
    });
    // objective questions scored in the same transaction (exam.attempt.scored)
    await this.grading.scoreAttempt(manager, studentExamId);
    return true;
  }

  // ---- internals --------------------------------------------------------------------------

  /** The exam for a student's start: 404 unless it is a live exam of their campus's course they are in. */
  private async examFor(auth: AuthContext, examId: number): Promise<ExamContent> {
    const content = await this.cache.get(examId);
    if (!content || Number(content.exam.tenantId) !== auth.tenantId || content.exam.deletedAt !== null)
      throw notFound('Exam not found');
    return content;
  }

  /** What decides a student's start, read in one round trip: classes, override, latest attempt. */
  private async studentFacts(auth: AuthContext, content: ExamContent) {
    const { exam } = content;
    const [row]: Array<{
      classes: string[] | null;
      override_start_at: Date | null;
      override_end_at: Date | null;
      has_override: boolean;
      latest: Record<string, unknown> | null;
    }> = await this.dataSource.query(
      `SELECT
         (SELECT array_agg(st.class_id) FROM course_students st
           WHERE st.course_id = $1 AND st.user_id = $2 AND st.tenant_id = $3 AND st.enrolled) AS classes,
         o.override_start_at, o.override_end_at, o.exam_id IS NOT NULL AS has_override,
         (SELECT row_to_json(latest) FROM (${ATTEMPT_SELECT} WHERE se.exam_id = $4 AND se.student_id = $2
           ORDER BY se.attempt DESC LIMIT 1) latest) AS latest
       FROM (SELECT 1) one
       LEFT JOIN exam_overrides o ON o.exam_id = $4 AND o.student_id = $2`,
      [exam.courseId, auth.userId, auth.tenantId, exam.id],
    );
    const classes = (row.classes ?? []).map(Number);
    if (auth.role !== 'student' || classes.length === 0) {
      // Staff and other students do not take it; whether they may read it is the exams API's business.
      if (await this.isStaff(auth, content))
        throw forbidden('Only students of the exam’s classes take it', 'not_in_class');
      throw notFound('Exam not found');
    }
    // An unpublished exam does not exist for students (the exams API answers 404 too): its lobby
    // must not tell them its name or that it is coming.
    if (!content.exam.isPublished) throw notFound('Exam not found');
    const inClass = content.classIds.length === 0 || classes.some((id) => content.classIds.includes(id));
    const override = row.has_override
      ? { overrideStartAt: row.override_start_at, overrideEndAt: row.override_end_at }
      : null;
    const latest = row.latest === null ? null : this.shown(attemptFromRow(row.latest), content, false);
    const window = effectiveWindow(
      { startAt: exam.startAt, endAt: exam.endAt },
      latest && !latest.isFinished && (latest.overrideStartAt || latest.overrideEndAt)
        ? { overrideStartAt: latest.overrideStartAt, overrideEndAt: latest.overrideEndAt }
        : override,
    );
    return { inClass, override, latest, window };
  }

  /** Why the student may not start now, or null. */
  private refusal(
    content: ExamContent,
    inClass: boolean,
    window: Window,
    retriesLeft: number,
    now: Date,
  ): Refusal | null {
    const { exam } = content;
    if (!inClass)
      return {
        code: 'not_in_class',
        detail: 'The exam is not for your class: ask your lecturer if this is wrong',
      };
    if (window.startAt && now < window.startAt)
      return { code: 'not_open_yet', detail: `The exam opens at ${fmt(window.startAt)}: come back then` };
    if (exam.isFinished || (window.endAt && now >= window.endAt))
      return { code: 'closed', detail: 'The exam has ended: ask your lecturer if you need more time' };
    if (retriesLeft <= 0)
      return {
        code: 'no_retries_left',
        detail: `You have used all ${exam.retry + 1} attempt${exam.retry === 0 ? '' : 's'} of this exam`,
      };
    const packages = this.packagesWithQuestions(content);
    if (packages.length === 0)
      return { code: 'no_questions', detail: 'The exam has no questions yet: ask your lecturer' };
    return null;
  }

  /** Whether the exam asks for a token, an allowed address or Safe Exam Browser. */
  private restricted(content: ExamContent) {
    const { exam } = content;
    return exam.isToken || exam.isRestrictedIp || exam.isSafe;
  }

  /**
   * The exam for the access checks: the cached one, or — for a token exam — read now, so a token
   * the lecturer just renewed is the one checked.
   */
  private async accessExam(content: ExamContent, manager: EntityManager = this.dataSource.manager) {
    if (!content.exam.isToken) return content.exam;
    return (await manager.findOneBy(Exam, { id: content.exam.id })) ?? content.exam;
  }

  private packagesWithQuestions(content: ExamContent) {
    const count = Math.max(content.exam.package, 1);
    return [...content.packages.keys()].filter((pack) => pack >= 1 && pack <= count).sort((a, b) => a - b);
  }

  /**
   * Makes attempt `attempt`: `INSERT … ON CONFLICT DO NOTHING` on (exam, student, attempt); the
   * request that inserted it writes its questions, progress row and `exam.attempt.started` (its
   * outbox row) in the same statement, so a racing request that finds it finds it whole: one round
   * trip, its own transaction. Answers the new attempt with its questions (nothing to read back: a
   * start is the exam's busiest second), or null when another request started it.
   */
  private async start(
    auth: AuthContext,
    content: ExamContent,
    attempt: number,
    window: Window,
    override: { overrideStartAt: Date | null; overrideEndAt: Date | null } | null,
    now: Date,
    request: FastifyRequest,
  ): Promise<AttemptView | null> {
    const { exam } = content;
    const random = attemptRandom(Number(exam.id), auth.userId, attempt);
    const pack = pick(this.packagesWithQuestions(content), random) as number;
    const inPackage = content.packages.get(pack) ?? [];
    const ordered = exam.isShuffle ? shuffle(inPackage, random) : inPackage;
    const items = ordered.map((question) => {
      const choices =
        question.dataSetId !== null && PARAMETERIZED_TYPES.includes(question.type)
          ? (content.items.get(question.dataSetId) ?? [])
          : [];
      return pick(choices, random)?.id ?? null;
    });
    const endAt = attemptDeadline(now, window.endAt, exam.isDuration ? exam.duration : null);
    // exam.attempt.started, its attempt id filled in by the statement that makes the attempt
    const event = outboxRow('exam.attempt.started', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: 0,
      data: {
        examId: Number(exam.id),
        courseId: Number(exam.courseId),
        studentExamId: 1,
        studentId: auth.userId,
        attempt,
        package: pack,
        startAt: fmt(now),
        endAt: endAt && fmt(endAt),
      },
    });
    const sql = `WITH se AS (
         INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at,
             override_start_at, override_end_at, current_index)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1)
         ON CONFLICT (exam_id, student_id, attempt) DO NOTHING RETURNING *),
       sq AS (
         INSERT INTO student_questions (student_exam_id, question_id, index, data_set_item_id)
         SELECT se.id, v.q, v.i, v.d FROM se, unnest($10::bigint[], $11::int[], $12::bigint[]) AS v(q, i, d)
         RETURNING id, student_exam_id, question_id, index, flagged, data_set_item_id),
       ap AS (
         INSERT INTO attempt_progress (student_exam_id, exam_id, student_id, total, status)
         SELECT se.id, se.exam_id, se.student_id, $13, 'started' FROM se),
       ev AS (
         INSERT INTO outbox (id, topic, type, partition_key, envelope)
         SELECT $14::uuid, $15, $16, se.id::text, jsonb_set($17::jsonb, '{data,studentExamId}', to_jsonb(se.id))
           FROM se)
       SELECT se.*, $13::int AS total, 0 AS answered,
              (SELECT u.name FROM users u WHERE u.id = se.student_id) AS student_name,
              (SELECT json_agg(sq ORDER BY sq.index) FROM sq) AS questions
         FROM se`;
    const parameters = [
      auth.tenantId,
      exam.id,
      auth.userId,
      attempt,
      pack,
      now,
      endAt,
      override?.overrideStartAt ?? null,
      override?.overrideEndAt ?? null,
      ordered.map((q) => q.id),
      ordered.map((_, i) => i + 1),
      items,
      ordered.length,
      event.id,
      event.topic,
      event.type,
      JSON.stringify(event.envelope),
    ];
    // One statement, its own transaction; with access checks, in the transaction that uses the
    // token grant (refused with a 403 before anything is written).
    const [row]: Array<Record<string, unknown>> = this.restricted(content)
      ? await this.unit.run(async (manager) => {
          await this.access.assertMayStart(
            await this.accessExam(content, manager),
            auth.userId,
            request,
            manager,
          );
          return manager.query(sql, parameters);
        })
      : await this.unit.statement(sql, parameters);
    if (!row) return null; // another request started it
    const questions = ((row.questions as Array<Record<string, unknown>> | null) ?? []).flatMap(
      (question) => renderStudentQuestion(question, content) ?? [],
    );
    return { ...attemptFromRow(row), questions };
  }

  /** A reset attempt starts again: a new start and deadline (once, however many requests race). */
  private async restart(
    attempt: AttemptView,
    content: ExamContent,
    window: Window,
    now: Date,
    request: FastifyRequest,
  ) {
    const { exam } = content;
    const endAt = attemptDeadline(now, window.endAt, exam.isDuration ? exam.duration : null);
    await this.unit.run(async (manager) => {
      if (this.restricted(content))
        await this.access.assertMayStart(
          await this.accessExam(content, manager),
          attempt.studentId,
          request,
          manager,
        );
      const [, updated]: [unknown, number] = await manager.query(
        `UPDATE student_exams SET start_at = $2, end_at = $3 WHERE id = $1 AND start_at IS NULL AND NOT is_finished`,
        [attempt.id, now, endAt],
      );
      if (updated === 0) return;
      await manager.query(`UPDATE attempt_progress SET status = 'started' WHERE student_exam_id = $1`, [
        attempt.id,
      ]);
      await recordEvent(manager, 'exam.attempt.started', {
        tenantId: attempt.tenantId,
        actorId: attempt.studentId,
        key: attempt.id,
        data: {
          examId: Number(exam.id),
          courseId: Number(exam.courseId),
          studentExamId: attempt.id,
          studentId: attempt.studentId,
          attempt: attempt.attempt,
          package: attempt.package,
          startAt: fmt(now),
          endAt: endAt && fmt(endAt),
        },
      });
    });
  }

  private async withQuestions(attempt: AttemptView, content: ExamContent): Promise<AttemptView> {
    return { ...attempt, questions: await this.questionsOf(attempt.id, content) };
  }

  private async questionsOf(studentExamId: number, content: ExamContent): Promise<StudentQuestionView[]> {
    const rows = await this.dataSource.query(
      `${STUDENT_QUESTIONS_SELECT} WHERE sq.student_exam_id = $1 ORDER BY sq.index`,
      [studentExamId],
    );
    return rows.flatMap((row: Record<string, unknown>) => renderStudentQuestion(row, content) ?? []);
  }

  /** Past its deadline (and not reset to wait for a new start). */
  private overdue(attempt: Pick<AttemptView, 'endAt' | 'startAt'>, now: Date) {
    return attempt.startAt !== null && attempt.endAt !== null && attempt.endAt <= now;
  }

  /** A student reading their attempt after its end: it is finished, and they are refused. */
  private async closeIfOverdue(auth: AuthContext, attempt: AttemptView) {
    if (auth.userId !== attempt.studentId) return;
    if (!attempt.isFinished && this.overdue(attempt, new Date())) {
      await this.finish(attempt.id, 'deadline');
      throw forbidden('Your time for this exam is over: your answers were submitted', 'closed');
    }
    if (attempt.isFinished) throw forbidden('This attempt has ended: see its result', 'closed');
  }

  private assertRunning(attempt: AttemptView) {
    if (attempt.isFinished || attempt.startAt === null || this.overdue(attempt, new Date()))
      throw forbidden('This attempt has ended', 'closed');
  }

  /** The attempt if the caller is its student or staff of its exam; 404 for anyone else. */
  private async readable(auth: AuthContext, studentExamId: number, missing = 'Attempt not found') {
    const [row] = await this.dataSource.query(`${ATTEMPT_SELECT} WHERE se.id = $1 AND se.tenant_id = $2`, [
      studentExamId,
      auth.tenantId,
    ]);
    if (!row) throw notFound(missing);
    const attempt = attemptFromRow(row);
    const content = await this.cache.get(attempt.examId);
    if (!content) throw notFound(missing);
    if (attempt.studentId === auth.userId) return { attempt: this.shown(attempt, content, false), content };
    if (await this.isStaff(auth, content)) return { attempt, content };
    throw notFound(missing);
  }

  /** The caller's own attempt (staff read others' but do not act as their student). */
  private async own(auth: AuthContext, studentExamId: number) {
    const found = await this.readable(auth, studentExamId);
    if (found.attempt.studentId !== auth.userId)
      throw forbidden('Only the student of the attempt may do this');
    return found;
  }

  /** An attempt the caller manages as staff of its exam. */
  private async managed(auth: AuthContext, studentExamId: number) {
    const found = await this.readable(auth, studentExamId);
    if (found.attempt.studentId === auth.userId || !(await this.isStaff(auth, found.content)))
      throw forbidden('Only the staff of the exam may do this');
    return found;
  }

  private async isStaff(auth: AuthContext, content: ExamContent): Promise<boolean> {
    if (Number(content.exam.tenantId) !== auth.tenantId) return false;
    if (auth.role === 'admin') return true;
    if (auth.role === 'student') return false;
    const [row]: Array<{ staff: boolean }> = await this.dataSource.query(`SELECT ${STAFF_SQL} AS staff`, [
      content.exam.id,
      content.exam.courseId,
      auth.userId,
    ]);
    return Boolean(row?.staff);
  }

  /** A student sees their score once finished, when the exam shows scores. */
  private shown(attempt: AttemptView, content: ExamContent, staff: boolean): AttemptView {
    if (staff || (attempt.isFinished && content.exam.isShowScore)) return attempt;
    return { ...attempt, score: null, isPassed: null, scoreVisible: false };
  }

  private async writeOverride(
    auth: AuthContext,
    content: ExamContent,
    studentId: number,
    input: { override_start_at?: Date | null; override_end_at?: Date | null },
  ) {
    const { exam } = content;
    const [current]: Array<{ override_start_at: Date | null; override_end_at: Date | null }> =
      await this.dataSource.query(
        `SELECT override_start_at, override_end_at FROM exam_overrides WHERE exam_id = $1 AND student_id = $2`,
        [exam.id, studentId],
      );
    const startAt =
      input.override_start_at !== undefined ? input.override_start_at : (current?.override_start_at ?? null);
    const endAt =
      input.override_end_at !== undefined ? input.override_end_at : (current?.override_end_at ?? null);
    const effective = effectiveWindow(
      { startAt: exam.startAt, endAt: exam.endAt },
      { overrideStartAt: startAt, overrideEndAt: endAt },
    );
    if (effective.startAt && effective.endAt && effective.endAt <= effective.startAt)
      throw unprocessable([
        {
          pointer: attributePointer('override_end_at'),
          detail: 'override_end_at must be after the start of the window',
        },
      ]);
    await this.unit.run(async (manager) => {
      await manager.query(
        `INSERT INTO exam_overrides (exam_id, student_id, tenant_id, override_start_at, override_end_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (exam_id, student_id) DO UPDATE
           SET override_start_at = excluded.override_start_at, override_end_at = excluded.override_end_at`,
        [exam.id, studentId, auth.tenantId, startAt, endAt],
      );
      const [running]: [Array<{ id: string; start_at: Date | null }>, number] = await manager.query(
        `UPDATE student_exams SET override_start_at = $3, override_end_at = $4
          WHERE exam_id = $1 AND student_id = $2 AND NOT is_finished RETURNING id, start_at`,
        [exam.id, studentId, startAt, endAt],
      );
      for (const attempt of running)
        if (attempt.start_at !== null)
          await manager.query(`UPDATE student_exams SET end_at = $2 WHERE id = $1`, [
            attempt.id,
            attemptDeadline(
              new Date(attempt.start_at),
              effective.endAt,
              exam.isDuration ? exam.duration : null,
            ),
          ]);
    });
    return { examId: Number(exam.id), studentId, overrideStartAt: startAt, overrideEndAt: endAt };
  }
}
