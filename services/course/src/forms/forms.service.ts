import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  applyQuery,
  attributePointer,
  formatWireDate,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
  type z,
} from '@lms/jsonapi';
import { normalizeRubric, rubricIssues } from '@lms/rubrics';
import type { StoredFile } from '@lms/storage';
import { CourseAccess, seesHiddenSql, teachesSql } from '../courses/course-access.service';
import { CourseUploads } from '../files/course-uploads';
import { Grade } from '../gradebook/gradebook.entity';
import { checkFields } from './form-fields';
import { FORMABLE_ACTIVE, FORMABLE_LIVE } from './forms.sql';
import { Form, type FormableType, type FormType } from './form.entity';
import type { FormUpdate, FormView, formCreateRules } from './forms.resource';

/** The day (`YYYY-MM-DD`) and month (`YYYY-MM`) of the campus's calendar at `now`. */
export function calendarOf(now: Date, timeZone: string): { day: string; month: string } {
  const day = formatWireDate(now, timeZone).slice(0, 10);
  return { day, month: day.slice(0, 7) };
}

/** The period an entry written at `now` is for: the day of a daily form, the month of a monthly one. */
export function currentPeriod(type: FormType, now: Date, timeZone: string): string {
  const { day, month } = calendarOf(now, timeZone);
  return type === 'daily' ? day : month;
}

/** The caller studies in one of the course's classes. */
const STUDIES = `EXISTS (SELECT 1 FROM class_students cs_f JOIN classes cl_f ON cl_f.id = cs_f.class_id
    WHERE cl_f.course_id = course.id AND cs_f.user_id = :me)`;

type FormCreate = z.output<typeof formCreateRules>;

/**
 * Forms (logbooks, spec 01 §3) of a course's modules and activities. Those who teach the course
 * write them and see them all (admins of the campus read them); its students see a form from its
 * `start_at` on, while its module and activity are active. Anyone else: 404.
 */
@Injectable()
export class FormsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
    private readonly uploads: CourseUploads,
  ) {}

  /** The forms the caller may read. */
  visible(auth: AuthContext, now = new Date()): SelectQueryBuilder<Form> {
    return this.dataSource
      .getRepository(Form)
      .createQueryBuilder('form')
      .innerJoin('form.course', 'course')
      .where('form.tenant_id = :tenantId AND course.tenant_id = :tenantId', {
        tenantId: auth.tenantId,
        me: auth.userId,
        now,
      })
      .andWhere(FORMABLE_LIVE)
      .andWhere(
        `(${seesHiddenSql('course', auth)} OR (${STUDIES} AND form.start_at <= :now AND ${FORMABLE_ACTIVE}))`,
      );
  }

  /**
   * What a visitor reads without signing in: forms of the campus's published (public, active)
   * courses, from their `start_at` on, while their module and activity are active.
   */
  listPublic(tenantId: number, query: ParsedQuery, now = new Date()): Promise<[Form[], number]> {
    const qb = this.dataSource
      .getRepository(Form)
      .createQueryBuilder('form')
      .innerJoin('form.course', 'course')
      .where('form.tenant_id = :tenantId AND course.tenant_id = :tenantId', { tenantId, now })
      .andWhere(`course.is_public AND course.is_active AND form.start_at <= :now`)
      .andWhere(FORMABLE_LIVE)
      .andWhere(FORMABLE_ACTIVE);
    return applyQuery(qb, query).getManyAndCount();
  }

  async list(auth: AuthContext, query: ParsedQuery): Promise<[FormView[], number]> {
    const [forms, total] = await applyQuery(this.visible(auth), query).getManyAndCount();
    return [await this.decorate(auth, forms), total];
  }

  async get(auth: AuthContext, id: number): Promise<FormView> {
    const [form] = await this.decorate(auth, [await this.readable(auth, id)]);
    return form;
  }

  /** A form the caller may read; 404 otherwise. */
  async readable(auth: AuthContext, id: number): Promise<Form> {
    const form = await this.visible(auth).andWhere('form.id = :id', { id }).getOne();
    if (!form) throw notFound('Form not found');
    return form;
  }

  /**
   * The forms with what their reader sees beside the row: the course's and the module's or
   * activity's names, whether the caller wrote the current period's entry, how many entries they
   * see, whether they edit it.
   */
  async decorate(auth: AuthContext, forms: Form[], now = new Date()): Promise<FormView[]> {
    if (forms.length === 0) return [];
    const { day, month } = calendarOf(now, auth.timeZone);
    const rows: Array<{
      id: number;
      course_name: string;
      formable_name: string | null;
      can_edit: boolean;
      is_answered: boolean;
      answers_count: number;
    }> = await this.dataSource.query(
      `SELECT f.id, c.name AS course_name,
              CASE f.formable_type WHEN 'modules' THEN (SELECT name FROM modules WHERE id = f.formable_id)
                   ELSE (SELECT name FROM activities WHERE id = f.formable_id) END AS formable_name,
              ${teachesSql('c').replace(/:me/g, '$2')} AS can_edit,
              EXISTS (SELECT 1 FROM form_answers x WHERE x.form_id = f.id AND x.student_id = $2
                        AND x.period = CASE f.type WHEN 'daily' THEN $3 ELSE $4 END) AS is_answered,
              (SELECT count(*)::int FROM form_answers n WHERE n.form_id = f.id
                 AND (n.student_id = $2 OR ${auth.role === 'admin' ? 'TRUE' : teachesSql('c').replace(/:me/g, '$2')})) AS answers_count
         FROM forms f JOIN courses c ON c.id = f.course_id
        WHERE f.id = ANY($1)`,
      [forms.map((form) => form.id), auth.userId, day, month],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return forms.map((form) => {
      const row = byId.get(form.id)!;
      return Object.assign(form, {
        courseName: row.course_name,
        formableName: row.formable_name ?? '',
        canEdit: row.can_edit,
        isAnswered: row.is_answered,
        answersCount: row.answers_count,
      });
    });
  }

  /** The course of a module or activity of the caller's campus (live); 404 otherwise. */
  private async courseOf(auth: AuthContext, type: FormableType, id: number): Promise<number> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      type === 'modules'
        ? `SELECT c.id FROM modules m JOIN courses c ON c.id = m.course_id
            WHERE m.id = $1 AND c.tenant_id = $2 AND m.deleted_at IS NULL`
        : `SELECT c.id FROM activities a JOIN modules m ON m.id = a.module_id JOIN courses c ON c.id = m.course_id
            WHERE a.id = $1 AND c.tenant_id = $2 AND a.deleted_at IS NULL AND m.deleted_at IS NULL`,
      [id, auth.tenantId],
    );
    if (rows.length === 0) throw notFound(type === 'modules' ? 'Module not found' : 'Activity not found');
    return Number(rows[0].id);
  }

  async create(auth: AuthContext, input: FormCreate): Promise<FormView> {
    const courseId = await this.courseOf(auth, input.formable_type, input.formable_id);
    await this.access.requireTeaching(auth, courseId);
    const form = Object.assign(new Form(), {
      tenantId: auth.tenantId,
      courseId,
      createdBy: auth.userId,
    });
    this.apply(form, input);
    const saved = await this.dataSource.getRepository(Form).save(form);
    return this.get(auth, saved.id);
  }

  async update(auth: AuthContext, id: number, input: FormUpdate): Promise<FormView> {
    const form = await this.taught(auth, id);
    if (input.formable_type !== undefined || input.formable_id !== undefined) {
      const type = input.formable_type ?? form.formableType;
      const formableId = input.formable_id ?? form.formableId;
      if ((await this.courseOf(auth, type, formableId)) !== form.courseId)
        throw unprocessable([
          {
            pointer: attributePointer('formable_id'),
            detail: 'must be a module or activity of the form’s course',
          },
        ]);
    }
    this.apply(form, input);
    await this.dataSource.getRepository(Form).save(form);
    return this.get(auth, id);
  }

  /** Deletes the form, its entries and their files, and its weight in the gradebook. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const form = await this.taught(auth, id);
    const files = await this.unit.run(async (manager) => {
      const rows: Array<{ files: StoredFile[] }> = await manager.query(
        `SELECT files FROM form_answers WHERE form_id = $1`,
        [form.id],
      );
      await manager.delete(Form, { id: form.id });
      await manager.delete(Grade, { courseId: form.courseId, gradeableType: 'forms', gradeableId: form.id });
      return rows.flatMap((row) => row.files);
    });
    await this.uploads.remove(files);
  }

  /** A form of a course the caller teaches; 404 when they may not read it, 403 when they only read it. */
  async taught(auth: AuthContext, id: number): Promise<Form> {
    const form = await this.readable(auth, id);
    await this.access.requireTeaching(auth, form.courseId);
    return form;
  }

  /**
   * Writes the changes into the form and checks the whole: the window's order, the first day or
   * month of its type, a rubric (well-formed) exactly when assessed by rubric, its fields.
   */
  private apply(form: Form, input: Partial<FormCreate>): void {
    const issues: ValidationIssue[] = [];
    if (input.formable_type !== undefined) form.formableType = input.formable_type;
    if (input.formable_id !== undefined) form.formableId = input.formable_id;
    if (input.title !== undefined) form.title = input.title.trim();
    if (input.type !== undefined) form.type = input.type;
    if (input.date !== undefined) form.date = input.date;
    if (input.month !== undefined) form.month = input.month;
    if (input.start_at !== undefined) form.startAt = input.start_at;
    if (input.end_at !== undefined) form.endAt = input.end_at;
    if (input.is_file_required !== undefined) form.isFileRequired = input.is_file_required;
    if (input.assesment_method !== undefined) form.assessmentMethod = input.assesment_method;
    form.assessmentMethod ??= 'none';
    form.isFileRequired ??= false;
    if (form.title === '')
      issues.push({ pointer: attributePointer('title'), detail: 'title must not be blank' });
    if (form.endAt.getTime() <= form.startAt.getTime())
      issues.push({ pointer: attributePointer('end_at'), detail: 'end_at must be after start_at' });
    if (form.type === 'daily') {
      form.month = null;
      if (!form.date)
        issues.push({ pointer: attributePointer('date'), detail: 'a daily form needs its first day (date)' });
    } else {
      form.date = null;
      if (!form.month)
        issues.push({
          pointer: attributePointer('month'),
          detail: 'a monthly form needs its first month (month)',
        });
    }
    let rubricRefused = false;
    if (input.rubric === null) form.rubric = null;
    else if (input.rubric !== undefined) {
      const problems = rubricIssues(input.rubric);
      issues.push(...problems);
      rubricRefused = problems.length > 0;
      if (!rubricRefused) form.rubric = normalizeRubric(input.rubric, form.title);
    }
    if (form.assessmentMethod === 'rubric' && !form.rubric && !rubricRefused)
      issues.push({
        pointer: attributePointer('rubric'),
        detail: 'a form assessed by rubric needs its rubric',
      });
    if (form.assessmentMethod === 'none') form.rubric = null;
    if (input.lists !== undefined) {
      const checked = checkFields(input.lists);
      issues.push(...checked.issues);
      form.lists = checked.fields;
    }
    if (issues.length > 0) throw unprocessable(issues);
  }
}
