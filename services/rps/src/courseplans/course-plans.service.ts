import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { CourseProjection } from '@lms/projections';
import { CoursePlan, CoursePlanStage } from './course-plan.entity';
import type { CoursePlanCreate, CoursePlanUpdate, StageCreate, StageUpdate } from './course-plans.rules';
import type { StageFields } from './course-plans.resource';

/** Weeks of a semester `generateAll` proposes: 14 meetings, the midterm (week 8) and the final (week 16). */
export const SEMESTER_WEEKS = 16;
export const EXAM_WEEKS: Record<number, string> = { 8: 'Ujian Tengah Semester', 16: 'Ujian Akhir Semester' };

const PLAN_FIELDS = {
  name_ina: 'nameIna',
  name_en: 'nameEn',
  type: 'type',
  credit: 'credit',
  credit_default: 'creditDefault',
  credit_practice: 'creditPractice',
  credit_exercise: 'creditExercise',
  credit_other: 'creditOther',
  course_precondition: 'coursePrecondition',
  subject_matters: 'subjectMatters',
  description_ina: 'descriptionIna',
  description_en: 'descriptionEn',
  evaluation_base: 'evaluationBase',
  major_leader: 'majorLeader',
  lecturers: 'lecturers',
  outcomes: 'outcomes',
  outputs: 'outputs',
  sub_outputs: 'subOutputs',
  indexes: 'indexes',
  references: 'references',
} as const satisfies Record<keyof CoursePlanUpdate, keyof CoursePlan>;

const STAGE_FIELDS = {
  course_plan_output_id: 'coursePlanOutputId',
  topic: 'topic',
  subtopic: 'subtopic',
  method_offline: 'methodOffline',
  method_online: 'methodOnline',
  credit: 'credit',
  learning_exp: 'learningExp',
  assesment_base: 'assesmentBase',
  assesment_method: 'assesmentMethod',
  assesment_criteria: 'assesmentCriteria',
  assesment_instrument: 'assesmentInstrument',
  assesment_weight: 'assesmentWeight',
  references: 'references',
} as const satisfies Record<keyof StageUpdate, keyof CoursePlanStage>;

/** An empty stage of a plan at `index`. */
const emptyStage = (
  plan: CoursePlan,
  index: number,
  topic: string,
  outputId: number | null,
): StageFields => ({
  coursePlanId: plan.id,
  index,
  coursePlanOutputId: outputId,
  topic,
  subtopic: '',
  methodOffline: '',
  methodOnline: '',
  credit: 0,
  learningExp: '',
  assesmentBase: '',
  assesmentMethod: '',
  assesmentCriteria: '',
  assesmentInstrument: '',
  assesmentWeight: 0,
  references: [],
});

/**
 * Course plans and their stages (spec 03 §3, §7 "Course plans"): the campus's lecturers and
 * administrators read them; an administrator, or a lecturer teaching a course with the plan's
 * code, writes them. Students: 403; another campus's plan: 404.
 */
@Injectable()
export class CoursePlansService {
  constructor(private readonly dataSource: DataSource) {}

  /** The plans of a code, filtered by period and version; newest period and version first. */
  list(auth: AuthContext, code: string | undefined, periodId?: number, version?: number) {
    this.assertReader(auth);
    if (!code) throw badRequest('Course code is required', 'code');
    return this.dataSource.getRepository(CoursePlan).find({
      where: {
        tenantId: auth.tenantId,
        code,
        ...(periodId === undefined ? {} : { periodId }),
        ...(version === undefined ? {} : { version }),
      },
      order: { periodId: 'DESC', version: 'DESC' },
    });
  }

  /**
   * The plan of a code in force: the newest version for a period in which a course with that code
   * is active; without one, the newest version of the latest period.
   */
  async active(auth: AuthContext, code: string) {
    this.assertReader(auth);
    const repository = this.dataSource.getRepository(CoursePlan);
    const courses = await this.dataSource
      .getRepository(CourseProjection)
      .findBy({ tenantId: auth.tenantId, code, isActive: true });
    const periods = courses.flatMap((course) => (course.periodId === null ? [] : [course.periodId]));
    const order = { periodId: 'DESC', version: 'DESC' } as const;
    const plan =
      (periods.length > 0
        ? await repository.findOne({ where: { tenantId: auth.tenantId, code, periodId: In(periods) }, order })
        : null) ?? (await repository.findOne({ where: { tenantId: auth.tenantId, code }, order }));
    if (!plan) throw notFound('Course plan not found');
    return plan;
  }

  async get(auth: AuthContext, id: number, manager: EntityManager = this.dataSource.manager) {
    this.assertReader(auth);
    const plan = await manager.findOneBy(CoursePlan, { id, tenantId: auth.tenantId });
    if (!plan) throw notFound('Course plan not found');
    return plan;
  }

  create(auth: AuthContext, input: CoursePlanCreate) {
    return this.dataSource.transaction(async (manager) => {
      const code = input.code.trim();
      await this.assertWriter(auth, code, manager);
      const where = { tenantId: auth.tenantId, code, periodId: input.period_id };
      const version = input.version ?? ((await manager.maximum(CoursePlan, 'version', where)) ?? 0) + 1;
      if (await manager.existsBy(CoursePlan, { ...where, version }))
        throw conflict(`Version ${version} of ${code} for this period exists`, 'course_plan_exists');
      const plan = Object.assign(new CoursePlan(), {
        ...where,
        version,
        nameEn: '',
        type: '',
        credit: 0,
        creditDefault: 0,
        creditPractice: 0,
        creditExercise: 0,
        creditOther: 0,
        coursePrecondition: '',
        subjectMatters: '',
        descriptionIna: '',
        descriptionEn: '',
        evaluationBase: '',
        majorLeader: '',
        lecturers: [],
        outcomes: [],
        outputs: [],
        subOutputs: [],
        indexes: [],
        references: [],
        createdBy: auth.userId,
      });
      applyPlan(plan, input);
      return manager.save(plan);
    });
  }

  async update(auth: AuthContext, id: number, input: CoursePlanUpdate) {
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.writable(auth, id, manager);
      applyPlan(plan, input);
      return manager.save(plan);
    });
  }

  /** The stages of a plan, by index. */
  async stages(auth: AuthContext, coursePlanId: number) {
    const plan = await this.get(auth, coursePlanId);
    return this.dataSource.getRepository(CoursePlanStage).find({
      where: { coursePlanId: plan.id },
      order: { index: 'ASC', id: 'ASC' },
    });
  }

  /** A new stage at the end: its index the count of the plan's stages (spec 03 §4, §9). */
  createStage(auth: AuthContext, input: StageCreate) {
    return this.dataSource.transaction(async (manager) => {
      const plan = await this.writable(auth, input.course_plan_id, manager, true);
      const index = await manager.countBy(CoursePlanStage, { coursePlanId: plan.id });
      const stage = Object.assign(new CoursePlanStage(), emptyStage(plan, index, input.topic, null), {
        tenantId: auth.tenantId,
      });
      applyStage(plan, stage, input);
      return manager.save(stage);
    });
  }

  updateStage(auth: AuthContext, id: number, input: StageUpdate) {
    return this.dataSource.transaction(async (manager) => {
      const stage = await this.stage(auth, id, manager);
      const plan = await this.writable(auth, stage.coursePlanId, manager);
      applyStage(plan, stage, input);
      return manager.save(stage);
    });
  }

  /** Removes a stage; the later ones move up (indexes stay 0…n−1). */
  removeStage(auth: AuthContext, id: number) {
    return this.dataSource.transaction(async (manager) => {
      const stage = await this.stage(auth, id, manager);
      await this.writable(auth, stage.coursePlanId, manager, true);
      await manager.delete(CoursePlanStage, { id: stage.id });
      await manager.query(
        `UPDATE course_plan_stages SET index = index - 1 WHERE course_plan_id = $1 AND index > $2`,
        [stage.coursePlanId, stage.index],
      );
    });
  }

  /** Proposed stages, one per sub-output of the plan (or per output when it has none), not saved. */
  async generate(auth: AuthContext, id: number): Promise<StageFields[]> {
    const plan = await this.get(auth, id);
    const items = coverage(plan);
    return items.map((item, index) => emptyStage(plan, index, item.description, item.outputId));
  }

  /**
   * A proposed semester, not saved: 16 weeks, the midterm in week 8 and the final in week 16, the
   * 14 meetings sharing the sub-outputs (or outputs) in order, as evenly as they divide.
   */
  async generateAll(auth: AuthContext, id: number): Promise<StageFields[]> {
    const plan = await this.get(auth, id);
    const items = coverage(plan);
    const meetings = SEMESTER_WEEKS - Object.keys(EXAM_WEEKS).length;
    let meeting = 0;
    return Array.from({ length: SEMESTER_WEEKS }, (_, index) => {
      const week = index + 1;
      if (EXAM_WEEKS[week]) return emptyStage(plan, index, EXAM_WEEKS[week], null);
      const item = items.length > 0 ? items[Math.floor((meeting * items.length) / meetings)] : null;
      meeting += 1;
      return emptyStage(plan, index, item?.description || `Pertemuan ${week}`, item?.outputId ?? null);
    });
  }

  private async stage(auth: AuthContext, id: number, manager: EntityManager) {
    this.assertReader(auth);
    const stage = await manager.findOneBy(CoursePlanStage, { id, tenantId: auth.tenantId });
    if (!stage) throw notFound('Course plan stage not found');
    return stage;
  }

  /** The plan, if the caller may write it; `lock`: held until the transaction ends (stage indexes). */
  private async writable(auth: AuthContext, id: number, manager: EntityManager, lock = false) {
    this.assertReader(auth);
    const plan = await manager.findOne(CoursePlan, {
      where: { id, tenantId: auth.tenantId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!plan) throw notFound('Course plan not found');
    await this.assertWriter(auth, plan.code, manager);
    return plan;
  }

  private assertReader(auth: AuthContext) {
    if (auth.role !== 'admin' && auth.role !== 'lecturer')
      throw forbidden("Course plans are for the campus's lecturers and administrators");
  }

  /** An administrator, or a lecturer of a course of the campus with that code. */
  private async assertWriter(auth: AuthContext, code: string, manager: EntityManager) {
    this.assertReader(auth);
    if (auth.role === 'admin') return;
    const [row] = await manager.query(
      `SELECT 1 FROM course_staff s JOIN courses c ON c.id = s.course_id AND c.tenant_id = s.tenant_id
        WHERE s.tenant_id = $1 AND s.user_id = $2 AND c.code = $3 LIMIT 1`,
      [auth.tenantId, auth.userId, code],
    );
    if (!row) throw forbidden(`Only the lecturers of ${code} and the administrators write its course plan`);
  }
}

/** What a plan's stages cover: its sub-outputs, or its outputs when it has none. */
function coverage(plan: CoursePlan) {
  return plan.subOutputs.length > 0
    ? plan.subOutputs.map((sub) => ({ description: sub.description, outputId: sub.output_id }))
    : plan.outputs.map((output) => ({ description: output.description, outputId: output.id }));
}

function applyPlan(plan: CoursePlan, input: CoursePlanUpdate) {
  for (const [key, property] of Object.entries(PLAN_FIELDS)) {
    const value = input[key as keyof CoursePlanUpdate];
    if (value !== undefined) Object.assign(plan, { [property]: value });
  }
  const issues: ValidationIssue[] = [];
  const outputIds = plan.outputs.map((output) => output.id);
  outputIds.forEach((id, index) => {
    if (outputIds.indexOf(id) !== index)
      issues.push({ pointer: attributePointer(['outputs', index, 'id']), detail: `${id} is given twice` });
  });
  const subIds = plan.subOutputs.map((sub) => sub.id);
  plan.subOutputs.forEach((sub, index) => {
    if (subIds.indexOf(sub.id) !== index)
      issues.push({
        pointer: attributePointer(['sub_outputs', index, 'id']),
        detail: `${sub.id} is given twice`,
      });
    if (!outputIds.includes(sub.output_id))
      issues.push({
        pointer: attributePointer(['sub_outputs', index, 'output_id']),
        detail: `${sub.output_id} is not an output of the plan`,
      });
  });
  if (issues.length > 0) throw unprocessable(issues);
}

function applyStage(plan: CoursePlan, stage: CoursePlanStage, input: StageUpdate) {
  const outputId = input.course_plan_output_id;
  if (outputId !== undefined && outputId !== null && !plan.outputs.some((output) => output.id === outputId))
    throw unprocessable([
      {
        pointer: attributePointer('course_plan_output_id'),
        detail: `${outputId} is not an output of the plan`,
      },
    ]);
  for (const [key, property] of Object.entries(STAGE_FIELDS)) {
    const value = input[key as keyof StageUpdate];
    if (value !== undefined) Object.assign(stage, { [property]: value });
  }
}
