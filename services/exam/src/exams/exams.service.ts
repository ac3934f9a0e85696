import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  attributePointer,
  defineList,
  forbidden,
  type ListScope,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { CourseClassProjection, CourseProjection, Projections, UserProjection } from '@lms/projections';
import { Exam, ExamAssistant, ExamClass } from './exam.entity';
import { recordExamDeleted, recordExamUpserted } from './exam-events.data';
import type { ReadExam } from './exams.resource';
import type { assistantChange, examCreateRules, ExamSettings, tokenRules } from './exams.rules';
import type { z } from '@lms/jsonapi';

/** Token characters: no 0/O, 1/I/L, so a token read aloud or off a projector is typed right. */
export const TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const DEFAULT_TOKEN_LENGTH = 6;
const DEFAULT_TOKEN_MINUTES = 60;

/** Who authors an exam: its course's lecturer and assistants (projection), and its own assistants. */
const AUTHORS_SQL = `(EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = exam.course_id AND cs.user_id = :me)
  OR EXISTS (SELECT 1 FROM exam_assistants ea WHERE ea.exam_id = exam.id AND ea.user_id = :me))`;
/** A student reads the published, live exams of the classes they are in (every class when it names none). */
export const STUDIES_SQL = `(exam.is_published AND exam.deleted_at IS NULL AND EXISTS (
  SELECT 1 FROM course_students st WHERE st.course_id = exam.course_id AND st.user_id = :me AND st.enrolled
    AND (NOT EXISTS (SELECT 1 FROM exam_classes ec WHERE ec.exam_id = exam.id)
         OR st.class_id IN (SELECT ec.class_id FROM exam_classes ec WHERE ec.exam_id = exam.id))))`;

const examList = defineList<Exam>({
  entity: Exam,
  alias: 'exam',
  toOne: { course: { entity: CourseProjection, alias: 'course', on: 'course.id = exam.course_id' } },
  toMany: {
    assistants: {
      entity: UserProjection,
      alias: 'assistant',
      where: 'assistant.id IN (SELECT ea.user_id FROM exam_assistants ea WHERE ea.exam_id = exam.id)',
      orderBy: ['name', 'id'],
    },
    classes: {
      entity: CourseClassProjection,
      alias: 'class',
      where: `class.course_id = exam.course_id AND (
        NOT EXISTS (SELECT 1 FROM exam_classes ec WHERE ec.exam_id = exam.id)
        OR class.id IN (SELECT ec.class_id FROM exam_classes ec WHERE ec.exam_id = exam.id))`,
      orderBy: ['id'],
    },
  },
});

type CreateInput = z.output<typeof examCreateRules>;
type AssistantChange = z.output<typeof assistantChange>;

/** The settings a write may send, as entity properties. */
const SETTINGS: ReadonlyArray<readonly [keyof ExamSettings, keyof Exam]> = [
  ['activity_id', 'activityId'],
  ['name', 'name'],
  ['start_at', 'startAt'],
  ['end_at', 'endAt'],
  ['passing_grade', 'passingGrade'],
  ['package', 'package'],
  ['is_published', 'isPublished'],
  ['is_finished', 'isFinished'],
  ['is_show_solution', 'isShowSolution'],
  ['is_show_score', 'isShowScore'],
  ['retry', 'retry'],
  ['is_back', 'isBack'],
  ['is_duration', 'isDuration'],
  ['duration', 'duration'],
  ['intro', 'intro'],
  ['is_shuffle', 'isShuffle'],
  ['final_score_type', 'finalScoreType'],
  ['is_restricted_ip', 'isRestrictedIp'],
  ['ip_whitelists', 'ipWhitelists'],
  ['is_safe', 'isSafe'],
  ['is_mobile', 'isMobile'],
  ['is_airplane', 'isAirplane'],
  ['is_network_change', 'isNetworkChange'],
  ['is_minimize', 'isMinimize'],
  ['is_incoming_call', 'isIncomingCall'],
  ['is_sms', 'isSms'],
  ['is_token', 'isToken'],
  ['is_show_solution_directly', 'isShowSolutionDirectly'],
  ['use_autograder', 'useAutograder'],
  ['auto_apply_scoregrader', 'autoApplyScoregrader'],
];

/**
 * Exams of the caller's campus: read by those who author them (their course's lecturer and
 * assistants, the exam's assistants) and, once published, by the students of their classes;
 * written by their authors only. Another campus's exam, or one the caller may not read, is a 404;
 * one they read but may not write, a 403.
 */
@Injectable()
export class ExamsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
  ) {}

  /** The caller's exams: staff those they author, students the published ones of their classes. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadExam[], number]> {
    const deletedAsked = query.filters.some((filter) => filter.column === 'exam.deleted_at');
    const where = ['exam.tenant_id = :tenantId'];
    if (deletedAsked) where.push(AUTHORS_SQL);
    else {
      where.push('exam.deleted_at IS NULL');
      if (!this.readsAll(auth)) where.push(`(${AUTHORS_SQL} OR ${STUDIES_SQL})`);
    }
    const [exams, total] = await examList.page(
      this.dataSource,
      this.scope(auth, where, query.include),
      query,
    );
    await this.markAuthored(auth, exams);
    return [exams, total];
  }

  /** One exam the caller may read. */
  async get(auth: AuthContext, id: number, include: readonly string[] = []): Promise<ReadExam> {
    const exam = await this.readable(auth, id, include);
    if (!exam) throw notFound('Exam not found');
    await this.markAuthored(auth, [exam]);
    return exam;
  }

  async create(auth: AuthContext, input: CreateInput): Promise<ReadExam> {
    const course = await this.projections.course(auth.tenantId, input.course_id);
    if (!course) throw notFound('Course not found');
    const role = await this.projections.roleIn(auth, input.course_id);
    if (role === null) throw notFound('Course not found');
    if (role === 'student')
      throw forbidden('Only the lecturer and assistants of the course author its exams');
    const exam = Object.assign(new Exam(), {
      tenantId: auth.tenantId,
      courseId: input.course_id,
      createdBy: auth.userId,
      package: 0,
      passingGrade: 0,
      ipWhitelists: [],
      deletedAt: null,
    } satisfies Partial<Exam>);
    const id = await this.unit.run(async (manager) => {
      await this.apply(manager, exam, input, true);
      const saved = await manager.save(exam);
      if (input.class_ids) await this.setClasses(manager, saved.id, input.class_ids);
      await recordExamUpserted(manager, auth.tenantId, auth.userId, saved);
      return saved.id;
    });
    return this.get(auth, id);
  }

  /** Changes the fields sent, nothing else. */
  async update(auth: AuthContext, id: number, input: ExamSettings): Promise<ReadExam> {
    const exam = await this.authored(auth, id);
    const issues: ValidationIssue[] = [];
    if (input.course_id !== undefined && input.course_id !== Number(exam.courseId))
      issues.push({
        pointer: attributePointer('course_id'),
        detail: 'course_id cannot change: an exam stays in its course',
      });
    if (input.package !== undefined && input.package < exam.package)
      issues.push({
        pointer: attributePointer('package'),
        detail: `package cannot go below ${exam.package}: remove a package with DELETE /exam/exams/${id}/package/{n}`,
      });
    if (issues.length > 0) throw unprocessable(issues);
    await this.unit.run(async (manager) => {
      await this.apply(manager, exam, input, false);
      const saved = await manager.save(exam);
      if (input.class_ids) await this.setClasses(manager, saved.id, input.class_ids);
      await recordExamUpserted(manager, auth.tenantId, auth.userId, saved);
    });
    return this.get(auth, id);
  }

  /** Soft delete; deleting a deleted exam changes nothing. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const exam = await this.authored(auth, id);
    if (exam.deletedAt !== null) return;
    await this.unit.run(async (manager) => {
      await manager.update(Exam, { id }, { deletedAt: new Date() });
      await recordExamDeleted(manager, auth.tenantId, auth.userId, exam);
    });
  }

  async restore(auth: AuthContext, id: number): Promise<ReadExam> {
    const exam = await this.authored(auth, id);
    if (exam.deletedAt !== null) {
      await this.unit.run(async (manager) => {
        exam.deletedAt = null;
        const saved = await manager.save(exam);
        await recordExamUpserted(manager, auth.tenantId, auth.userId, saved);
      });
    }
    return this.get(auth, id);
  }

  /** The classes the exam is for (every class of its course when it names none). */
  async classes(auth: AuthContext, id: number): Promise<CourseClassProjection[]> {
    const exam = await this.readable(auth, id, ['classes']);
    if (!exam) throw notFound('Exam not found');
    return exam.classes ?? [];
  }

  /**
   * Removes package `n` (1-based) of the exam with its questions: the packages after it move down
   * by one, their questions with them (`exam.question.changed`: the removed ones `deleted`, the
   * moved ones `updated`).
   */
  async removePackage(auth: AuthContext, id: number, n: number): Promise<ReadExam> {
    const exam = await this.authored(auth, id);
    if (n < 1 || n > exam.package) throw notFound(`The exam has no package ${n}`);
    await this.unit.run(async (manager) => {
      await manager.query(`SELECT id FROM exams WHERE id = $1 FOR UPDATE`, [id]);
      // The numbering locks of the questions area (questions.service.ts), package by package.
      for (let pack = n; pack <= exam.package; pack++)
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`questions:exam:${id}:${pack}`]);
      const [removed]: [Array<{ id: string }>, number] = await manager.query(
        `DELETE FROM questions WHERE exam_id = $1 AND package = $2 RETURNING id`,
        [id, n],
      );
      const [moved]: [Array<{ id: string }>, number] = await manager.query(
        `UPDATE questions SET package = package - 1 WHERE exam_id = $1 AND package > $2 RETURNING id`,
        [id, n],
      );
      for (const [action, rows] of [
        ['deleted', removed],
        ['updated', moved],
      ] as const)
        if (rows.length > 0)
          await recordEvent(manager, 'exam.question.changed', {
            tenantId: auth.tenantId,
            actorId: auth.userId,
            key: id,
            data: {
              examId: Number(id),
              courseId: Number(exam.courseId),
              action,
              questionIds: rows.map((row) => Number(row.id)),
            },
          });
      exam.package -= 1;
      const saved = await manager.save(exam);
      await recordExamUpserted(manager, auth.tenantId, auth.userId, saved);
    });
    return this.get(auth, id);
  }

  /** A new token for the exam: `token_length` characters of `TOKEN_ALPHABET`, valid `token_duration` minutes. */
  async makeToken(auth: AuthContext, input: z.output<typeof tokenRules>): Promise<Exam> {
    const exam = await this.authored(auth, input.exam_id);
    exam.tokenLength = input.token_length ?? exam.tokenLength ?? DEFAULT_TOKEN_LENGTH;
    exam.tokenDuration = input.token_duration ?? exam.tokenDuration ?? DEFAULT_TOKEN_MINUTES;
    exam.tokenReconnect = input.token_reconnect ?? exam.tokenReconnect;
    exam.token = Array.from(
      { length: exam.tokenLength },
      () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)],
    ).join('');
    exam.tokenExpiresAt = new Date(Date.now() + exam.tokenDuration * 60_000);
    return this.dataSource.getRepository(Exam).save(exam);
  }

  /**
   * `PUT /exam/exams/assistant`: adds or removes lecturers of the campus as assistants of exams;
   * only those who teach an exam's course manage its assistants. All changes or none.
   */
  async changeAssistants(auth: AuthContext, changes: AssistantChange[]): Promise<ReadExam[]> {
    const issues: ValidationIssue[] = [];
    const exams = new Map<number, Exam>();
    for (const [index, change] of changes.entries()) {
      const exam = exams.get(change.exam_id) ?? (await this.authored(auth, change.exam_id));
      exams.set(change.exam_id, exam);
      if (!(await this.projections.canAuthor(auth, Number(exam.courseId))))
        throw forbidden("Only the lecturer and assistants of the exam's course manage its assistants");
      if (change.action === 'remove') continue;
      const lecturers = await this.dataSource.query(
        `SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND role = 'lecturer' AND active`,
        [auth.tenantId, change.user_ids],
      );
      const known = new Set(lecturers.map((row: { id: string }) => Number(row.id)));
      change.user_ids.forEach((userId, position) => {
        if (!known.has(userId))
          issues.push({
            pointer: `/data/${index}/attributes/user_ids/${position}`,
            detail: `user ${userId} is not an active lecturer of this campus`,
          });
      });
    }
    if (issues.length > 0) throw unprocessable(issues);
    await this.unit.run(async (manager) => {
      for (const change of changes) {
        if (change.action === 'add')
          await manager
            .createQueryBuilder()
            .insert()
            .into(ExamAssistant)
            .values(change.user_ids.map((userId) => ({ examId: change.exam_id, userId })))
            .orIgnore()
            .execute();
        else
          await manager.query(
            `DELETE FROM exam_assistants WHERE exam_id = $1 AND user_id = ANY($2::bigint[])`,
            [change.exam_id, change.user_ids],
          );
      }
      for (const exam of exams.values()) await recordExamUpserted(manager, auth.tenantId, auth.userId, exam);
    });
    return Promise.all([...exams.keys()].map((id) => this.get(auth, id, ['assistants'])));
  }

  // ---- reading --------------------------------------------------------------------------

  private readsAll(auth: AuthContext) {
    return auth.role === 'admin' || auth.role === 'lptk';
  }

  private scope(auth: AuthContext, where: string[], include: readonly string[]): ListScope {
    return { where, params: { tenantId: auth.tenantId, me: auth.userId }, with: include };
  }

  /** The exam if the caller may read it (its authors also a deleted one), else null. */
  private readable(auth: AuthContext, id: number, include: readonly string[]) {
    const where = ['exam.tenant_id = :tenantId', 'exam.id = :id'];
    if (!this.readsAll(auth)) where.push(`(${AUTHORS_SQL} OR ${STUDIES_SQL})`);
    else where.push(`(exam.deleted_at IS NULL OR ${AUTHORS_SQL})`);
    const scope = this.scope(auth, where, include);
    return examList.one(this.dataSource, { ...scope, params: { ...scope.params, id } });
  }

  /** Marks the exams the caller authors (`can_edit`, the token and allow-list shown). */
  private async markAuthored(auth: AuthContext, exams: ReadExam[]) {
    if (exams.length === 0) return;
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT exam.id FROM exams exam WHERE exam.id = ANY($1::bigint[]) AND ${AUTHORS_SQL.replace(/:me/g, '$2')}`,
      [exams.map((exam) => exam.id), auth.userId],
    );
    const authored = new Set(rows.map((row) => Number(row.id)));
    for (const exam of exams) exam.viewerAuthors = authored.has(Number(exam.id));
  }

  /** The exam for a write by its author: 404 when the caller may not read it, 403 when they may only read it. */
  private async authored(auth: AuthContext, id: number): Promise<Exam> {
    const exam = await this.dataSource.getRepository(Exam).findOneBy({ id, tenantId: auth.tenantId });
    if (!exam) throw notFound('Exam not found');
    const [authors]: Array<{ yes: boolean }> = await this.dataSource.query(
      `SELECT ${AUTHORS_SQL.replace(/:me/g, '$2')} AS yes FROM exams exam WHERE exam.id = $1`,
      [id, auth.userId],
    );
    if (authors?.yes) return exam;
    if (await this.readable(auth, id, [])) throw forbidden('Only the authors of the exam may change it');
    throw notFound('Exam not found');
  }

  // ---- writing --------------------------------------------------------------------------

  /**
   * Applies the sent settings to the exam and checks the result as a whole (window order, a
   * duration when timed, an allow-list when restricted, the course's activity and classes).
   */
  private async apply(manager: EntityManager, exam: Exam, input: ExamSettings, creating: boolean) {
    const issues: ValidationIssue[] = [];
    if (input.type !== undefined && input.exams_type !== undefined && input.type !== input.exams_type)
      issues.push({
        pointer: attributePointer('type'),
        detail: 'type and exams_type differ: send one of them',
      });
    for (const [wire, property] of SETTINGS) {
      if (input[wire] !== undefined) Object.assign(exam, { [property]: input[wire] });
    }
    const type = input.type !== undefined ? input.type : input.exams_type;
    if (type !== undefined) exam.type = type;
    if (creating && input.package === undefined) exam.package = 0;

    if (exam.startAt && exam.endAt && exam.endAt.getTime() <= exam.startAt.getTime())
      issues.push({ pointer: attributePointer('end_at'), detail: 'end_at must be after start_at' });
    if (exam.isDuration && !(exam.duration && exam.duration > 0))
      issues.push({
        pointer: attributePointer('duration'),
        detail: 'duration (minutes, more than 0) is required when is_duration is true',
      });
    if (exam.isRestrictedIp && exam.ipWhitelists.length === 0)
      issues.push({
        pointer: attributePointer('ip_whitelists'),
        detail: 'ip_whitelists needs at least one address or range when is_restricted_ip is true',
      });
    if (input.activity_id !== undefined && input.activity_id !== null) {
      const activity = await this.projections.activity(Number(exam.courseId), input.activity_id, manager);
      if (!activity)
        issues.push({
          pointer: attributePointer('activity_id'),
          detail: 'activity_id is not an activity of the course',
        });
    }
    if (input.class_ids) {
      const classes = await this.projections.classesOfCourse(exam.tenantId, Number(exam.courseId), manager);
      const known = new Set(classes.map((row) => Number(row.id)));
      input.class_ids.forEach((classId, index) => {
        if (!known.has(classId))
          issues.push({
            pointer: attributePointer(['class_ids', index]),
            detail: `class ${classId} is not a class of the course`,
          });
      });
    }
    if (issues.length > 0) throw unprocessable(issues);
  }

  private async setClasses(manager: EntityManager, examId: number, classIds: number[]) {
    await manager.delete(ExamClass, { examId });
    if (classIds.length > 0)
      await manager.insert(
        ExamClass,
        [...new Set(classIds)].map((classId) => ({ examId, classId })),
      );
  }
}
