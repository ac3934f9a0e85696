import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  applyQuery,
  attributePointer,
  forbidden,
  formatWireDate,
  notFound,
  type ParsedQuery,
  unprocessable,
  type z,
} from '@lms/jsonapi';
import { round2, rubricScore } from '@lms/rubrics';
import type { StoredFile } from '@lms/storage';
import { CourseAccess, seesHiddenSql } from '../courses/course-access.service';
import { checkAnswers } from './form-fields';
import { type Form, FormAnswer } from './form.entity';
import type { formAnswerAssessRules, formAnswerCreateRules, FormAnswerView } from './forms.resource';
import { currentPeriod, FormsService } from './forms.service';

type AnswerCreate = z.output<typeof formAnswerCreateRules>;
type AnswerAssess = z.output<typeof formAnswerAssessRules>;

/**
 * Entries of forms (`/course/formanswers`): a student writes one per day (daily form) or month
 * (monthly) inside the form's window, with a file when the form requires one; they read their
 * own, the course's staff read all and assess them on the form's rubric (`course.form.assessed`).
 */
@Injectable()
export class FormAnswersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
    private readonly forms: FormsService,
  ) {}

  /** The entries the caller may read: all of the courses they teach (admins: of the campus), else their own. */
  private visible(auth: AuthContext) {
    return this.dataSource
      .getRepository(FormAnswer)
      .createQueryBuilder('answer')
      .innerJoin('courses', 'course', 'course.id = answer.course_id')
      .leftJoin('users', 'student', 'student.id = answer.student_id AND student.tenant_id = answer.tenant_id')
      .where('answer.tenant_id = :tenantId AND course.tenant_id = :tenantId', {
        tenantId: auth.tenantId,
        me: auth.userId,
      })
      .andWhere(`(answer.student_id = :me OR ${seesHiddenSql('course', auth)})`);
  }

  async list(auth: AuthContext, query: ParsedQuery): Promise<[FormAnswerView[], number]> {
    // LIMIT/OFFSET on the one statement (no entity is joined, so rows are answers): the sort by
    // the student's name reads the joined users row, which TypeORM's two-step paging would drop.
    const [answers, total] = await applyQuery(this.visible(auth), query, { paginate: false })
      .offset(query.offset)
      .limit(query.limit)
      .getManyAndCount();
    return [await this.decorate(answers), total];
  }

  async get(auth: AuthContext, id: number): Promise<FormAnswerView> {
    const [answer] = await this.decorate([await this.readable(auth, id)]);
    return answer;
  }

  /** The files of an entry the caller may read. */
  async filesOf(auth: AuthContext, id: number): Promise<StoredFile[]> {
    return (await this.readable(auth, id)).files;
  }

  private async readable(auth: AuthContext, id: number): Promise<FormAnswer> {
    const answer = await this.visible(auth).andWhere('answer.id = :id', { id }).getOne();
    if (!answer) throw notFound('Form answer not found');
    return answer;
  }

  private async decorate(answers: FormAnswer[]): Promise<FormAnswerView[]> {
    if (answers.length === 0) return [];
    const rows: Array<{ id: number; name: string | null; username: string | null; type: Form['type'] }> =
      await this.dataSource.query(
        `SELECT a.id, u.name, u.username, f.type FROM form_answers a JOIN forms f ON f.id = a.form_id
           LEFT JOIN users u ON u.id = a.student_id AND u.tenant_id = a.tenant_id
          WHERE a.id = ANY($1)`,
        [answers.map((answer) => answer.id)],
      );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return answers.map((answer) => {
      const row = byId.get(answer.id)!;
      return Object.assign(answer, {
        studentName: row.name ?? '',
        studentUsername: row.username ?? '',
        formType: row.type,
      });
    });
  }

  /**
   * The caller's entry of the current period (the campus's day or month): a student of the form's
   * course, inside its window, from its first day or month on, once per period, with its fields
   * answered as they ask and a file when required. `files` are already stored (the caller removes
   * them if this refuses).
   */
  async create(
    auth: AuthContext,
    input: AnswerCreate,
    files: StoredFile[],
    now = new Date(),
  ): Promise<FormAnswerView> {
    const form = await this.forms.readable(auth, input.form_id);
    const role = await this.access.courseRole(auth.tenantId, form.courseId, auth.userId);
    if (role !== 'STUDENT') throw forbidden('Only the course’s students write entries of its forms');
    const at = (name: string, detail: string) => unprocessable([{ pointer: attributePointer(name), detail }]);
    const zone = auth.timeZone;
    if (now < form.startAt || now > form.endAt)
      throw at(
        'form_id',
        `The form takes entries from ${formatWireDate(form.startAt, zone)} to ${formatWireDate(form.endAt, zone)}`,
      );
    const period = currentPeriod(form.type, now, zone);
    const first = form.type === 'daily' ? form.date : form.month;
    if (first !== null && period < first)
      throw at('form_id', `The form takes entries from ${first} on, not ${period}`);
    if (form.isFileRequired && files.length === 0) throw at('file', 'The form requires a file');
    const checked = checkAnswers(form.lists, input.lists);
    if (checked.issues.length > 0) throw unprocessable(checked.issues);
    const repeated = () =>
      at(
        'form_id',
        form.type === 'daily'
          ? `You have already written the entry of ${period}`
          : `You have already written the entry of ${period} (one a month)`,
      );
    const repository = this.dataSource.getRepository(FormAnswer);
    if (await repository.existsBy({ formId: form.id, studentId: auth.userId, period })) throw repeated();
    try {
      const saved = await repository.save(
        Object.assign(new FormAnswer(), {
          tenantId: auth.tenantId,
          formId: form.id,
          courseId: form.courseId,
          studentId: auth.userId,
          period,
          lists: checked.answers,
          files,
          rubrics: null,
          score: null,
          feedback: null,
          assessedBy: null,
          assessedAt: null,
        }),
      );
      return this.get(auth, saved.id);
    } catch (error) {
      // Two requests of the same student at once: the unique index keeps one.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw repeated();
      throw error;
    }
  }

  /**
   * The staff's assessment of an entry: on a rubric form, one level per criterion (`rubrics`) →
   * the score (0–100); feedback on any form. Records `course.form.assessed` with the entry's score
   * and the student's score of the form (the mean of their assessed entries).
   */
  async assess(auth: AuthContext, id: number, input: AnswerAssess): Promise<FormAnswerView> {
    const answer = await this.readable(auth, id);
    await this.access.requireTeaching(auth, answer.courseId);
    const form = await this.forms.readable(auth, answer.formId);
    if (input.rubrics !== undefined) {
      if (form.assessmentMethod !== 'rubric' || !form.rubric)
        throw unprocessable([
          { pointer: attributePointer('rubrics'), detail: 'The form is not assessed with a rubric' },
        ]);
      const scored = rubricScore(form.rubric, input.rubrics);
      if (!scored.ok)
        throw unprocessable(
          scored.issues.map((issue) => ({ pointer: attributePointer(issue.path), detail: issue.detail })),
        );
      answer.rubrics = scored.value.choices;
      answer.score = scored.value.score;
    } else if (form.assessmentMethod === 'rubric' && answer.rubrics === null)
      throw unprocessable([
        { pointer: attributePointer('rubrics'), detail: 'Choose a level of each criterion of the rubric' },
      ]);
    if (input.feedback !== undefined) answer.feedback = input.feedback?.trim() || null;
    answer.assessedBy = auth.userId;
    answer.assessedAt = new Date();
    await this.unit.run(async (manager) => {
      await manager.save(answer);
      if (answer.score === null) return;
      const [mean]: Array<{ score: string; count: number }> = await manager.query(
        `SELECT avg(score) AS score, count(*)::int AS count FROM form_answers
          WHERE form_id = $1 AND student_id = $2 AND score IS NOT NULL`,
        [form.id, answer.studentId],
      );
      await recordEvent(manager, 'course.form.assessed', {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        key: form.id,
        data: {
          formId: form.id,
          courseId: form.courseId,
          answerId: answer.id,
          studentId: answer.studentId,
          period: answer.period,
          score: answer.score,
          formScore: round2(Number(mean.score)),
          assessedCount: mean.count,
        },
      });
    });
    return this.get(auth, id);
  }
}
