import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { ApproversService } from '../approvers/approvers.service';
import { SemesterPlan } from '../plans/semester-plan.entity';
import type { Stage1View, Stage2ConfigView, Stage2View, Stage3View } from './cpmk.resource';
import type { Stage1Input, Stage2ThresholdInput } from './cpmk.rules';
import {
  CpmkAssessment,
  CpmkClassResult,
  CpmkMapping,
  CpmkStudentResult,
  CpmkThreshold,
} from './cpmk.entities';

/** A CPMK's passing threshold (percent) until the lecturer sets another (stage 2 config). */
export const CPMK_DEFAULT_THRESHOLD = 60;

/** Rounded to two decimals, as the tables keep it. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * CPMK measurement (spec 03 §7, OBE: CPL → CPMK → assessments): a course's exams and tasks, mapped
 * by its lecturer to the CPMK of the course's semester plan with weights, give each student an
 * attainment per CPMK (stage 1); the class's mean and the share of students at the CPMK's
 * threshold (stage 2); the CPL the plan's CPMK serve, rolled up by weight (stage 3). The course's
 * lecturer and assistants compute and read; the approvers (administrators, named lecturers) read;
 * anyone else, and any other campus, gets a 404. The arithmetic: docs/architecture.md.
 */
@Injectable()
export class CpmkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly approvers: ApproversService,
  ) {}

  /** The course, if the caller may read (or, with `write`, compute) its measurement. */
  private async access(auth: AuthContext, courseId: number, write: boolean, manager: EntityManager) {
    const course = await this.projections.course(auth.tenantId, courseId, manager);
    if (!course) throw notFound('Course not found');
    if (await this.projections.canAuthor(auth, courseId, manager)) return course;
    const approver = await this.approvers.isApprover(auth);
    if (!approver) throw notFound('Course not found');
    if (write) throw forbidden('Only the course lecturer and assistants compute its CPMK measurement');
    return course;
  }

  /** The plan measured against: the course's newest approved semester plan, else its newest. */
  private async plan(auth: AuthContext, courseId: number, manager: EntityManager) {
    const plans = await manager.find(SemesterPlan, {
      where: { tenantId: auth.tenantId, courseId },
      order: { id: 'DESC' },
    });
    const approved = plans
      .filter((plan) => plan.status === 'approved')
      .sort((a, b) => (b.decidedAt?.getTime() ?? 0) - (a.decidedAt?.getTime() ?? 0));
    return approved[0] ?? plans[0] ?? null;
  }

  /** The plan, required for a computation (a course without one has no CPMK to measure: 422). */
  private async planToMeasure(auth: AuthContext, courseId: number, manager: EntityManager) {
    const plan = await this.plan(auth, courseId, manager);
    if (!plan || plan.cpmk.length === 0)
      throw unprocessable([
        { pointer: attributePointer('course_id'), detail: 'has no semester plan with CPMK to measure' },
      ]);
    return plan;
  }

  private head(courseId: number, plan: SemesterPlan | null) {
    return { course_id: courseId, rps_id: plan ? Number(plan.id) : null, rps_status: plan?.status ?? null };
  }

  /** Stage 1 as saved: the plan's CPMK, the course's assessments, the mapping, each student's attainment. */
  async stage1(auth: AuthContext, courseId: number, manager = this.dataSource.manager): Promise<Stage1View> {
    await this.access(auth, courseId, false, manager);
    const plan = await this.plan(auth, courseId, manager);
    const [assessments, mappings, results] = await Promise.all([
      manager.find(CpmkAssessment, {
        where: { tenantId: auth.tenantId, courseId, deleted: false },
        order: { type: 'ASC', title: 'ASC', id: 'ASC' },
      }),
      manager.find(CpmkMapping, { where: { tenantId: auth.tenantId, courseId }, order: { id: 'ASC' } }),
      manager.find(CpmkStudentResult, { where: { tenantId: auth.tenantId, courseId } }),
    ]);
    const studentIds = [...new Set(results.map((row) => Number(row.studentId)))];
    const users = await this.projections.users(auth.tenantId, studentIds, manager);
    const students = users.map((user) => ({
      student_id: Number(user.id),
      name: user.name,
      scores: Object.fromEntries(
        results
          .filter((row) => Number(row.studentId) === Number(user.id))
          .map((row) => [row.cpmk, row.score]),
      ),
    }));
    return {
      ...this.head(courseId, plan),
      cpmk: (plan?.cpmk ?? []).map(({ code, description, cpl }) => ({ code, description, cpl })),
      assessments: assessments.map((row) => ({ type: row.type, id: Number(row.id), title: row.title })),
      mappings: mappings.map((row) => ({
        assessment_type: row.assessmentType,
        assessment_id: Number(row.assessmentId),
        cpmk: row.cpmk,
        weight: row.weight,
      })),
      students,
      computed_at: results[0]?.computedAt ?? null,
    };
  }

  /**
   * Saves the mapping (replacing the course's) and computes each enrolled student's attainment
   * of each mapped CPMK: Σ weight × score / Σ weight over the assessments mapped to it, a
   * student's score of an exam their best attempt, of a task their scored answer, 0 when they
   * have none. The class results (stage 2) are cleared: they describe the previous computation.
   */
  async calculateStage1(auth: AuthContext, input: Stage1Input) {
    return this.dataSource.transaction(async (manager) => {
      await this.access(auth, input.course_id, true, manager);
      const plan = await this.planToMeasure(auth, input.course_id, manager);
      const codes = new Set(plan.cpmk.map((row) => row.code));
      const assessments = await manager.find(CpmkAssessment, {
        where: { tenantId: auth.tenantId, courseId: input.course_id, deleted: false },
      });
      const known = new Set(assessments.map((row) => `${row.type}:${row.id}`));
      const seen = new Set<string>();
      const issues: ValidationIssue[] = [];
      input.mappings.forEach((mapping, index) => {
        const at = (name: string) => attributePointer(['mappings', index, name]);
        const key = `${mapping.assessment_type}:${mapping.assessment_id}`;
        if (!known.has(key))
          issues.push({ pointer: at('assessment_id'), detail: 'is not an assessment of the course' });
        if (!codes.has(mapping.cpmk))
          issues.push({ pointer: at('cpmk'), detail: 'is not a CPMK of the semester plan' });
        if (seen.has(`${key}:${mapping.cpmk}`))
          issues.push({ pointer: at('cpmk'), detail: 'maps this assessment to this CPMK twice' });
        seen.add(`${key}:${mapping.cpmk}`);
      });
      if (issues.length > 0) throw unprocessable(issues);

      const where = { tenantId: auth.tenantId, courseId: input.course_id };
      await manager.delete(CpmkMapping, where);
      await manager.insert(
        CpmkMapping,
        input.mappings.map((mapping) => ({
          ...where,
          assessmentType: mapping.assessment_type,
          assessmentId: mapping.assessment_id,
          cpmk: mapping.cpmk,
          weight: mapping.weight,
        })),
      );
      await manager.delete(CpmkStudentResult, where);
      await manager.delete(CpmkClassResult, where);
      // Each enrolled student × mapped CPMK: the weighted mean of their best score per assessment (0 without one).
      await manager.query(
        `WITH students AS (
           SELECT DISTINCT s.user_id AS student_id FROM course_students s
            WHERE s.course_id = $1 AND s.tenant_id = $2 AND s.enrolled
         ), best AS (
           SELECT assessment_type, assessment_id, student_id, max(score) AS score FROM cpmk_scores
            WHERE course_id = $1 AND tenant_id = $2
            GROUP BY assessment_type, assessment_id, student_id
         )
         INSERT INTO cpmk_student_results (course_id, cpmk, student_id, tenant_id, score, computed_at)
         SELECT $1, m.cpmk, st.student_id, $2,
                round(sum(m.weight * coalesce(b.score, 0)) / sum(m.weight), 2), now()
           FROM cpmk_mappings m CROSS JOIN students st
           LEFT JOIN best b ON b.assessment_type = m.assessment_type AND b.assessment_id = m.assessment_id
                           AND b.student_id = st.student_id
          WHERE m.course_id = $1 AND m.tenant_id = $2
          GROUP BY m.cpmk, st.student_id`,
        [input.course_id, auth.tenantId],
      );
      return this.stage1(auth, input.course_id, manager);
    });
  }

  /** The students' attainment rows of the computed stage 1 (409 before it is computed). */
  private async stage1Results(auth: AuthContext, courseId: number, manager: EntityManager) {
    const rows = await manager.find(CpmkStudentResult, { where: { tenantId: auth.tenantId, courseId } });
    if (rows.length === 0)
      throw conflict("Compute stage 1 (the students' attainment) first", 'cpmk_stage1_missing');
    const byCpmk = new Map<string, number[]>();
    for (const row of rows) byCpmk.set(row.cpmk, [...(byCpmk.get(row.cpmk) ?? []), row.score]);
    return byCpmk;
  }

  /** Each CPMK's threshold: the lecturer's, else the default. */
  private async thresholds(
    auth: AuthContext,
    courseId: number,
    plan: SemesterPlan | null,
    manager: EntityManager,
  ) {
    const saved = await manager.find(CpmkThreshold, { where: { tenantId: auth.tenantId, courseId } });
    const byCode = new Map(saved.map((row) => [row.cpmk, row.threshold]));
    return (plan?.cpmk ?? []).map(({ code }) => ({
      cpmk: code,
      threshold: byCode.get(code) ?? CPMK_DEFAULT_THRESHOLD,
      is_default: !byCode.has(code),
    }));
  }

  async stage2Config(auth: AuthContext, courseId: number): Promise<Stage2ConfigView> {
    const manager = this.dataSource.manager;
    await this.access(auth, courseId, false, manager);
    const plan = await this.plan(auth, courseId, manager);
    return {
      ...this.head(courseId, plan),
      default_threshold: CPMK_DEFAULT_THRESHOLD,
      thresholds: await this.thresholds(auth, courseId, plan, manager),
    };
  }

  /** The class's mean attainment of each CPMK of stage 1. */
  async calculateStage2Score(auth: AuthContext, courseId: number) {
    await this.dataSource.transaction(async (manager) => {
      await this.access(auth, courseId, true, manager);
      await this.planToMeasure(auth, courseId, manager);
      const byCpmk = await this.stage1Results(auth, courseId, manager);
      for (const [cpmk, scores] of byCpmk) {
        const mean = round2(scores.reduce((sum, score) => sum + score, 0) / scores.length);
        await manager.query(
          `INSERT INTO cpmk_class_results (course_id, cpmk, tenant_id, students, mean_score)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (course_id, cpmk) DO UPDATE SET students = excluded.students, mean_score = excluded.mean_score`,
          [courseId, cpmk, auth.tenantId, scores.length, mean],
        );
      }
    });
    return this.stage2(auth, courseId);
  }

  /**
   * Saves the thresholds sent (each a CPMK of the plan) and counts per CPMK the students whose
   * attainment is at or above its threshold, and their share of the class.
   */
  async calculateStage2Threshold(auth: AuthContext, input: Stage2ThresholdInput) {
    const courseId = input.course_id;
    await this.dataSource.transaction(async (manager) => {
      await this.access(auth, courseId, true, manager);
      const plan = await this.planToMeasure(auth, courseId, manager);
      const codes = new Set(plan.cpmk.map((row) => row.code));
      const given = input.thresholds ?? [];
      const issues: ValidationIssue[] = given.flatMap((row, index) =>
        codes.has(row.cpmk)
          ? []
          : [
              {
                pointer: attributePointer(['thresholds', index, 'cpmk']),
                detail: 'is not a CPMK of the semester plan',
              },
            ],
      );
      if (issues.length > 0) throw unprocessable(issues);
      const byCpmk = await this.stage1Results(auth, courseId, manager);
      if (given.length > 0)
        await manager.upsert(
          CpmkThreshold,
          given.map((row) => ({
            tenantId: auth.tenantId,
            courseId,
            cpmk: row.cpmk,
            threshold: row.threshold,
          })),
          ['courseId', 'cpmk'],
        );
      const thresholds = new Map(
        (await this.thresholds(auth, courseId, plan, manager)).map((row) => [row.cpmk, row.threshold]),
      );
      for (const [cpmk, scores] of byCpmk) {
        const threshold = thresholds.get(cpmk) ?? CPMK_DEFAULT_THRESHOLD;
        const reached = scores.filter((score) => score >= threshold).length;
        await manager.query(
          `INSERT INTO cpmk_class_results (course_id, cpmk, tenant_id, students, threshold, reached, reached_percent)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (course_id, cpmk) DO UPDATE SET students = excluded.students,
                  threshold = excluded.threshold, reached = excluded.reached,
                  reached_percent = excluded.reached_percent`,
          [
            courseId,
            cpmk,
            auth.tenantId,
            scores.length,
            threshold,
            reached,
            round2((100 * reached) / scores.length),
          ],
        );
      }
    });
    return this.stage2(auth, courseId);
  }

  async stage2(auth: AuthContext, courseId: number): Promise<Stage2View> {
    const manager = this.dataSource.manager;
    await this.access(auth, courseId, false, manager);
    const plan = await this.plan(auth, courseId, manager);
    const rows = await manager.find(CpmkClassResult, { where: { tenantId: auth.tenantId, courseId } });
    const byCode = new Map(rows.map((row) => [row.cpmk, row]));
    return {
      ...this.head(courseId, plan),
      results: (plan?.cpmk ?? []).flatMap(({ code, description }) => {
        const row = byCode.get(code);
        if (!row) return [];
        return [
          {
            cpmk: code,
            description,
            students: row.students,
            mean_score: row.meanScore,
            threshold: row.threshold,
            reached: row.reached,
            reached_percent: row.reachedPercent,
          },
        ];
      }),
    };
  }

  /**
   * Each CPL of the plan: the CPMK serving it that stage 2 measured, weighted by the sum of their
   * mapped weights (a CPMK measured by more of the course weighs more); its score the weighted
   * mean of their class means, its reached share the weighted mean of their shares.
   */
  async stage3(auth: AuthContext, courseId: number): Promise<Stage3View> {
    const manager = this.dataSource.manager;
    const stage2 = await this.stage2(auth, courseId);
    const plan = await this.plan(auth, courseId, manager);
    const mappings = await manager.find(CpmkMapping, { where: { tenantId: auth.tenantId, courseId } });
    const weightOf = (code: string) =>
      mappings.filter((row) => row.cpmk === code).reduce((sum, row) => sum + row.weight, 0);
    const measured = new Map(stage2.results.map((row) => [row.cpmk, row]));
    const weighted = (parts: Array<{ weight: number; value: number | null }>) => {
      const known = parts.filter((part) => part.value !== null);
      const total = known.reduce((sum, part) => sum + part.weight, 0);
      if (total === 0) return null;
      return round2(known.reduce((sum, part) => sum + part.weight * (part.value as number), 0) / total);
    };
    return {
      ...stage2,
      results: (plan?.cpl ?? []).map(({ code, description }) => {
        const serving = (plan?.cpmk ?? [])
          .filter((row) => row.cpl.includes(code) && measured.has(row.code))
          .map((row) => ({ cpmk: row.code, weight: weightOf(row.code), result: measured.get(row.code)! }));
        return {
          cpl: code,
          description,
          cpmk: serving.map(({ cpmk, weight }) => ({ cpmk, weight })),
          score: weighted(serving.map(({ weight, result }) => ({ weight, value: result.mean_score }))),
          reached_percent: weighted(
            serving.map(({ weight, result }) => ({ weight, value: result.reached_percent })),
          ),
        };
      }),
    };
  }

  /** Clears the course's computed measurement (stage 1 and 2 results); the mapping and thresholds stay. */
  async clear(auth: AuthContext, courseId: number) {
    await this.dataSource.transaction(async (manager) => {
      await this.access(auth, courseId, true, manager);
      const where = { tenantId: auth.tenantId, courseId };
      await manager.delete(CpmkStudentResult, where);
      await manager.delete(CpmkClassResult, where);
    });
  }
}
