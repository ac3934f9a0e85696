import { defineResource, z } from '@lms/jsonapi';
import type { CoursePlan, CoursePlanStage } from './course-plan.entity';
import { outcomeSchema, outputSchema, subOutputSchema } from './course-plans.rules';

/** A course plan (spec 03 §3 "Course plan"). */
export const coursePlanResource = defineResource({
  name: 'CoursePlan',
  type: 'courseplans',
  schema: {
    period_id: z.number(),
    code: z.string(),
    version: z.number(),
    name_ina: z.string(),
    name_en: z.string(),
    type: z.string(),
    credit: z.number(),
    credit_default: z.number(),
    credit_practice: z.number(),
    credit_exercise: z.number(),
    credit_other: z.number(),
    course_precondition: z.string(),
    subject_matters: z.string(),
    description_ina: z.string(),
    description_en: z.string(),
    evaluation_base: z.string(),
    major_leader: z.string(),
    lecturers: z.array(z.string()),
    outcomes: z.array(outcomeSchema),
    outputs: z.array(outputSchema),
    sub_outputs: z.array(subOutputSchema),
    indexes: z.array(z.string()),
    references: z.array(z.string()),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (plan: CoursePlan) => ({
    period_id: Number(plan.periodId),
    code: plan.code,
    version: plan.version,
    name_ina: plan.nameIna,
    name_en: plan.nameEn,
    type: plan.type,
    credit: plan.credit,
    credit_default: plan.creditDefault,
    credit_practice: plan.creditPractice,
    credit_exercise: plan.creditExercise,
    credit_other: plan.creditOther,
    course_precondition: plan.coursePrecondition,
    subject_matters: plan.subjectMatters,
    description_ina: plan.descriptionIna,
    description_en: plan.descriptionEn,
    evaluation_base: plan.evaluationBase,
    major_leader: plan.majorLeader,
    lecturers: plan.lecturers,
    outcomes: plan.outcomes,
    outputs: plan.outputs,
    sub_outputs: plan.subOutputs,
    indexes: plan.indexes,
    references: plan.references,
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
  }),
});

const stageSchema = {
  course_plan_id: z.number(),
  index: z.number(),
  course_plan_output_id: z.number().nullable(),
  topic: z.string(),
  subtopic: z.string(),
  method_offline: z.string(),
  method_online: z.string(),
  credit: z.number(),
  learning_exp: z.string(),
  assesment_base: z.string(),
  assesment_method: z.string(),
  assesment_criteria: z.string(),
  assesment_instrument: z.string(),
  assesment_weight: z.number(),
  references: z.array(z.string()),
};

/** The fields of a stage, saved or proposed. */
export type StageFields = Omit<CoursePlanStage, 'id' | 'tenantId' | 'coursePlan'>;

const stageAttributes = (stage: StageFields) => ({
  course_plan_id: Number(stage.coursePlanId),
  index: stage.index,
  course_plan_output_id: stage.coursePlanOutputId,
  topic: stage.topic,
  subtopic: stage.subtopic,
  method_offline: stage.methodOffline,
  method_online: stage.methodOnline,
  credit: stage.credit,
  learning_exp: stage.learningExp,
  assesment_base: stage.assesmentBase,
  assesment_method: stage.assesmentMethod,
  assesment_criteria: stage.assesmentCriteria,
  assesment_instrument: stage.assesmentInstrument,
  assesment_weight: stage.assesmentWeight,
  references: stage.references,
});

/** A stage of a course plan (spec 03 §3 "Plan stage"). */
export const coursePlanStageResource = defineResource({
  name: 'CoursePlanStage',
  type: 'courseplanstages',
  schema: stageSchema,
  attributes: (stage: CoursePlanStage) => stageAttributes(stage),
});

/**
 * A proposed stage (`generate/{id}`, `generateAll/{id}`), not saved: the editor shows the
 * proposal and saves the stages the author keeps. Its id is `<plan>-<index>`.
 */
export const stageProposalResource = defineResource({
  name: 'CoursePlanStageProposal',
  type: 'courseplanstage-proposals',
  schema: stageSchema,
  attributes: (stage: StageFields) => stageAttributes(stage),
  id: (stage: StageFields) => `${stage.coursePlanId}-${stage.index}`,
});
