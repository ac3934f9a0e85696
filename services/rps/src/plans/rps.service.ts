import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  conflict,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { ApproversService } from '../approvers/approvers.service';
import type { PlanView } from './rps.resource';
import type { ApprovalDecision, RpsClone, RpsCreate, RpsWindow, StageInput } from './rps.rules';
import { SemesterPlan } from './semester-plan.entity';
import { isWeekPart, newWeek, type PlanWeek, type StageSlug, stageCompletion, WEEK_PARTS } from './stages';

/** How long a new plan stays editable when the approver has not set its window: 30 days from its creation. */
export const RPS_DEFAULT_WINDOW_DAYS = 30;
/** The evaluation's weights add up to this (percent) before a plan can be submitted. */
export const EVALUATION_TOTAL = 100;

const planList = defineList<SemesterPlan>({ entity: SemesterPlan, alias: 'plan' });
const STATUS_EDITABLE = new Set(['draft', 'revision']);

/**
 * Semester plans (spec 03 §2–§6): a course's lecturer and assistants author them in 11 stages while
 * the plan is a draft or returned for revision and the window (`rps_start`–`rps_end`) is open,
 * then submit them; the approvers (the campus's administrators and the lecturers they name) set
 * the window and approve or return them with a comment, never a plan of a course they teach. Approved plans are public by course code and
 * curriculum. Anyone else of the campus, and any other campus, gets a 404.
 */
@Injectable()
export class RpsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly approvers: ApproversService,
  ) {}

  /** Whether the authors may edit it at `now`. */
  static editable(plan: SemesterPlan, now = new Date()) {
    return STATUS_EDITABLE.has(plan.status) && plan.rpsStart <= now && now <= plan.rpsEnd;
  }

  /** What the caller may do with plans: approve, and author those of the courses they teach. */
  private async powers(auth: AuthContext) {
    const [approver, taught] = await Promise.all([
      this.approvers.isApprover(auth),
      this.projections.coursesTaughtBy(auth),
    ]);
    return { approver, taught: new Set(taught) };
  }

  /** The plan as the caller sees it: whether it is editable now, whether they may edit it or decide it. */
  private viewAs(
    plan: SemesterPlan,
    { approver, taught }: { approver: boolean; taught: Set<number> },
  ): PlanView {
    const editable = RpsService.editable(plan);
    const author = taught.has(Number(plan.courseId));
    return {
      plan,
      editable,
      canEdit: editable && author,
      canDecide: approver && !author && plan.status === 'submitted',
    };
  }

  async view(auth: AuthContext, plan: SemesterPlan): Promise<PlanView> {
    return this.viewAs(plan, await this.powers(auth));
  }

  /** The plans the caller reads: an approver every one of the campus, staff those of their courses. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[PlanView[], number]> {
    const powers = await this.powers(auth);
    const where = ['plan.tenant_id = :tenantId'];
    const params: Record<string, unknown> = { tenantId: auth.tenantId };
    if (!powers.approver) {
      where.push('plan.course_id = ANY(:courses)');
      params.courses = [...powers.taught];
    }
    const [rows, total] = await planList.page(this.dataSource, { where, params }, query);
    return [rows.map((plan) => this.viewAs(plan, powers)), total];
  }

  /** One plan the caller may read (its course's staff, the approvers); anyone else: 404. */
  async get(auth: AuthContext, id: number, manager: EntityManager = this.dataSource.manager) {
    const plan = await manager.findOneBy(SemesterPlan, { id, tenantId: auth.tenantId });
    if (
      !plan ||
      !(
        (await this.projections.canAuthor(auth, plan.courseId, manager)) ||
        (await this.approvers.isApprover(auth))
      )
    )
      throw notFound('Semester plan not found');
    return plan;
  }

  /** The newest plan of a course code and curriculum the caller may read (the lecturer's preview). */
  async preview(auth: AuthContext, code: string, curriculum: string) {
    const powers = await this.powers(auth);
    const query = this.dataSource
      .getRepository(SemesterPlan)
      .createQueryBuilder('plan')
      .where('plan.tenant_id = :tenantId AND plan.code = :code AND plan.curriculum = :curriculum', {
        tenantId: auth.tenantId,
        code,
        curriculum,
      });
    if (!powers.approver) query.andWhere('plan.course_id = ANY(:courses)', { courses: [...powers.taught] });
    const plan = await query.orderBy('plan.id', 'DESC').getOne();
    if (!plan) throw notFound('Semester plan not found');
    return this.viewAs(plan, powers);
  }

  /** The newest approved plan of a code and curriculum on a campus: what the public preview shows. */
  async approved(tenantId: number, code: string, curriculum: string) {
    const plan = await this.dataSource.getRepository(SemesterPlan).findOne({
      where: { tenantId, code, curriculum, status: 'approved' },
      order: { decidedAt: 'DESC', id: 'DESC' },
    });
    if (!plan) throw notFound('No approved semester plan for this course and curriculum');
    return plan;
  }

  /** A new draft for a course the caller teaches (or any course of the campus, for the administrators). */
  async create(auth: AuthContext, input: RpsCreate) {
    if ((input.rps_start || input.rps_end) && !(await this.approvers.isApprover(auth)))
      throw forbidden('Only the approvers set the editing window', 'rps_window_approver');
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.newPlan(auth, input.course_id, input.curriculum, manager);
      if (input.rps_start && input.rps_end) this.setWindow(plan, input as RpsWindow);
      else if (input.rps_start || input.rps_end)
        throw unprocessable([
          {
            pointer: attributePointer(input.rps_start ? 'rps_end' : 'rps_start'),
            detail: 'is required with the other end of the window',
          },
        ]);
      return manager.save(plan);
    });
  }

  /** A new draft in a course with the stages of a plan the caller may read (another period's, typically). */
  clone(auth: AuthContext, input: RpsClone) {
    return this.dataSource.transaction(async (manager) => {
      const source = await this.get(auth, input.source_id, manager);
      const plan = await this.newPlan(auth, input.course_id, input.curriculum ?? source.curriculum, manager);
      Object.assign(plan, {
        notes: source.notes,
        descriptionMk: source.descriptionMk,
        kebijakanAi: source.kebijakanAi,
        topics: source.topics,
        cpl: source.cpl,
        cpmk: source.cpmk,
        references: source.references,
        evaluations: source.evaluations,
        weeks: source.weeks,
        clonedFromId: source.id,
      });
      return manager.save(plan);
    });
  }

  /** The approver sets when the authors may edit. */
  async window(auth: AuthContext, id: number, input: RpsWindow) {
    await this.assertApprover(auth);
    const plan = await this.get(auth, id);
    this.setWindow(plan, input);
    return this.dataSource.getRepository(SemesterPlan).save(plan);
  }

  /** One stage's data, saved by its authors while the plan is editable. */
  async saveStage<S extends StageSlug>(auth: AuthContext, id: number, slug: S, input: StageInput<S>) {
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.authored(auth, id, manager);
      this.assertEditable(plan);
      apply(plan, slug, input);
      return manager.save(plan);
    });
  }

  /** Submitted for approval: every stage done and the evaluation's weights adding up to 100. */
  async submit(auth: AuthContext, id: number) {
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.authored(auth, id, manager);
      this.assertEditable(plan);
      const pending = stageCompletion(plan).filter((stage) => !stage.done);
      const issues: ValidationIssue[] = [];
      if (pending.length > 0)
        issues.push({
          pointer: attributePointer('rps_id'),
          detail: `stages not done: ${pending.map((stage) => `${stage.stage} (${stage.slug})`).join(', ')}`,
          code: 'rps_stages_pending',
        });
      const total = plan.evaluations.reduce((sum, evaluation) => sum + evaluation.weight, 0);
      if (plan.evaluations.length > 0 && Math.abs(total - EVALUATION_TOTAL) > 1e-9)
        issues.push({
          pointer: attributePointer('rps_id'),
          detail: `the evaluation's weights add up to ${total}, not ${EVALUATION_TOTAL}`,
          code: 'rps_weights',
        });
      if (issues.length > 0) throw unprocessable(issues);
      Object.assign(plan, { status: 'submitted', submittedAt: new Date() });
      return manager.save(plan);
    });
  }

  /** The approver approves a submitted plan or returns it for revision with a comment. */
  async decide(auth: AuthContext, id: number, input: ApprovalDecision) {
    await this.assertApprover(auth);
    const comment = input.comment?.trim() ?? '';
    if (input.decision === 'return' && comment === '')
      throw unprocessable([
        { pointer: attributePointer('comment'), detail: 'is required when returning a plan' },
      ]);
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.get(auth, id, manager);
      if (await this.projections.canAuthor(auth, plan.courseId, manager))
        throw forbidden('An approver does not decide the plan of a course they teach', 'rps_own_plan');
      if (plan.status !== 'submitted')
        throw conflict(`Only a submitted plan is decided; this one is ${plan.status}`, 'rps_not_submitted');
      Object.assign(plan, {
        status: input.decision === 'approve' ? 'approved' : 'revision',
        reviewComment: comment === '' ? null : comment,
        decidedAt: new Date(),
        decidedBy: auth.userId,
      });
      return manager.save(plan);
    });
  }

  /** A plan of a course the caller teaches (an approver reads every plan but authors only their own). */
  private async authored(auth: AuthContext, id: number, manager: EntityManager) {
    const plan = await this.get(auth, id, manager);
    if (!(await this.projections.canAuthor(auth, plan.courseId, manager)))
      throw forbidden("Only the course's lecturer and assistants edit its semester plan");
    return plan;
  }

  private assertEditable(plan: SemesterPlan) {
    if (!STATUS_EDITABLE.has(plan.status))
      throw forbidden(
        `The plan is ${plan.status}: only a draft or a plan in revision is edited`,
        'rps_status',
      );
    const now = new Date();
    if (now < plan.rpsStart || now > plan.rpsEnd)
      throw forbidden(
        `The plan is edited only between ${plan.rpsStart.toISOString()} and ${plan.rpsEnd.toISOString()}`,
        'rps_window_closed',
      );
  }

  private async assertApprover(auth: AuthContext) {
    if (!(await this.approvers.isApprover(auth))) throw forbidden('Only the approvers decide semester plans');
  }

  private setWindow(plan: SemesterPlan, input: RpsWindow) {
    if (input.rps_end <= input.rps_start)
      throw unprocessable([{ pointer: attributePointer('rps_end'), detail: 'must be after rps_start' }]);
    plan.rpsStart = input.rps_start;
    plan.rpsEnd = input.rps_end;
  }

  /** An empty draft of a course the caller may author in, if it has none for the curriculum yet. */
  private async newPlan(auth: AuthContext, courseId: number, curriculum: string, manager: EntityManager) {
    const course = await this.projections.course(auth.tenantId, courseId, manager);
    if (!course || !(auth.role === 'admin' || (await this.projections.canAuthor(auth, courseId, manager))))
      throw notFound('Course not found');
    if (!course.code)
      throw unprocessable([{ pointer: attributePointer('course_id'), detail: 'the course has no code' }]);
    const trimmed = curriculum.trim();
    if (await manager.existsBy(SemesterPlan, { tenantId: auth.tenantId, courseId, curriculum: trimmed }))
      throw conflict(`The course already has a semester plan for curriculum ${trimmed}`, 'rps_exists');
    const now = new Date();
    return Object.assign(new SemesterPlan(), {
      tenantId: auth.tenantId,
      courseId,
      code: course.code,
      curriculum: trimmed,
      courseName: course.name,
      periodName: course.periodName,
      status: 'draft',
      rpsStart: now,
      rpsEnd: new Date(now.getTime() + RPS_DEFAULT_WINDOW_DAYS * 86_400_000),
      notes: null,
      descriptionMk: null,
      kebijakanAi: null,
      topics: [],
      cpl: [],
      cpmk: [],
      references: [],
      evaluations: [],
      weeks: [],
      reviewComment: null,
      submittedAt: null,
      decidedAt: null,
      decidedBy: null,
      clonedFromId: null,
      createdBy: auth.userId,
    } satisfies Partial<SemesterPlan>);
  }
}

const blankToNull = (value: string | null) => (value === null || value.trim() === '' ? null : value);

/** Writes a stage's input into the plan, refusing (422) references to codes or weeks it does not have. */
function apply<S extends StageSlug>(plan: SemesterPlan, slug: S, input: StageInput<S>) {
  const issues: ValidationIssue[] = [];
  const unique = (list: string, keys: Array<string | number>) =>
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index)
        issues.push({ pointer: attributePointer([list, index]), detail: `${key} is given twice` });
    });
  const known = (
    list: string,
    field: string,
    index: number,
    codes: readonly string[],
    among: Set<string>,
    what: string,
  ) =>
    codes.forEach((code, at) => {
      if (!among.has(code))
        issues.push({
          pointer: attributePointer([list, index, field, at]),
          detail: `${code} is not a ${what} of the plan`,
        });
    });
  const cpmkCodes = () => new Set(plan.cpmk.map((item) => item.code));

  if (slug === 'informasi-umum-mk') {
    const general = input as StageInput<'informasi-umum-mk'>;
    if (general.notes !== undefined) plan.notes = blankToNull(general.notes);
    if (general.description_mk !== undefined) plan.descriptionMk = blankToNull(general.description_mk);
    if (general.kebijakan_ai !== undefined) plan.kebijakanAi = blankToNull(general.kebijakan_ai);
  } else if (slug === 'bahan-kajian') {
    plan.topics = (input as StageInput<'bahan-kajian'>).topics;
  } else if (slug === 'cpl') {
    const { cpl } = input as StageInput<'cpl'>;
    unique(
      'cpl',
      cpl.map((item) => item.code),
    );
    plan.cpl = cpl;
  } else if (slug === 'cpmk') {
    const { cpmk } = input as StageInput<'cpmk'>;
    const cplCodes = new Set(plan.cpl.map((item) => item.code));
    unique(
      'cpmk',
      cpmk.map((item) => item.code),
    );
    cpmk.forEach((item, index) => known('cpmk', 'cpl', index, item.cpl, cplCodes, 'CPL'));
    plan.cpmk = cpmk;
  } else if (slug === 'rujukan') {
    plan.references = (input as StageInput<'rujukan'>).references;
  } else if (slug === 'evaluasi') {
    const { evaluations } = input as StageInput<'evaluasi'>;
    const codes = cpmkCodes();
    evaluations.forEach((item, index) => known('evaluations', 'cpmk', index, item.cpmk, codes, 'CPMK'));
    const total = evaluations.reduce((sum, item) => sum + item.weight, 0);
    if (total > EVALUATION_TOTAL + 1e-9)
      issues.push({
        pointer: attributePointer('evaluations'),
        detail: `weights add up to ${total}, more than ${EVALUATION_TOTAL}`,
      });
    plan.evaluations = evaluations;
  } else if (slug === 'rps-utama') {
    const { weeks } = input as StageInput<'rps-utama'>;
    unique(
      'weeks',
      weeks.map((item) => item.week),
    );
    const subCpmk = new Set(plan.cpmk.flatMap((item) => item.sub_cpmk.map((sub) => sub.code)));
    weeks.forEach((item, index) => {
      if (item.sub_cpmk !== '' && !subCpmk.has(item.sub_cpmk))
        issues.push({
          pointer: attributePointer(['weeks', index, 'sub_cpmk']),
          detail: `${item.sub_cpmk} is not a sub-CPMK of the plan`,
        });
    });
    const before = new Map(plan.weeks.map((item) => [item.week, item]));
    plan.weeks = weeks
      .map((item) => ({ ...(before.get(item.week) ?? newWeek(item)), ...item }))
      .sort((a, b) => a.week - b.week);
  } else if (isWeekPart(slug)) {
    const { list } = WEEK_PARTS[slug];
    const parts = (input as Record<string, Array<Partial<PlanWeek> & { week: number }>>)[list];
    unique(
      list,
      parts.map((part) => part.week),
    );
    const weeks = new Map(plan.weeks.map((item) => [item.week, { ...item }]));
    parts.forEach((part, index) => {
      const week = weeks.get(part.week);
      if (!week)
        issues.push({
          pointer: attributePointer([list, index, 'week']),
          detail: `week ${part.week} is not in the main plan`,
        });
      else Object.assign(week, part);
    });
    plan.weeks = [...weeks.values()];
  }
  if (issues.length > 0) throw unprocessable(issues);
}
