import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { RPS_STATUSES, type SemesterPlan } from './semester-plan.entity';
import {
  cplSchema,
  cpmkSchema,
  evaluationSchema,
  referenceSchema,
  STAGE_SLUGS,
  stageCompletion,
  topicSchema,
  weekSchema,
} from './stages';

/** What anyone reading a plan sees: the course and the 11 stages' data. */
const content = {
  code: z.string(),
  curriculum: z.string(),
  course_name: z.string(),
  period_name: z.string().nullable(),
  status: z.enum(RPS_STATUSES),
  notes: z.string().nullable(),
  description_mk: z.string().nullable(),
  kebijakan_ai: z.string().nullable(),
  topics: z.array(topicSchema),
  cpl: z.array(cplSchema),
  cpmk: z.array(cpmkSchema),
  references: z.array(referenceSchema),
  evaluations: z.array(evaluationSchema),
  weeks: z.array(
    weekSchema.extend({
      method_offline: z.string(),
      method_online: z.string(),
      face_to_face_minutes: z.number(),
      structured_minutes: z.number(),
      independent_minutes: z.number(),
      learning_experience: z.string(),
      ai_use: z.string(),
    }),
  ),
  decided_at: z.date().nullable(),
};

const contentOf = (plan: SemesterPlan) => ({
  code: plan.code,
  curriculum: plan.curriculum,
  course_name: plan.courseName,
  period_name: plan.periodName,
  status: plan.status,
  notes: plan.notes,
  description_mk: plan.descriptionMk,
  kebijakan_ai: plan.kebijakanAi,
  topics: plan.topics,
  cpl: plan.cpl,
  cpmk: plan.cpmk,
  references: plan.references,
  evaluations: plan.evaluations,
  weeks: plan.weeks,
  decided_at: plan.decidedAt,
});

/** A plan as its authors and the approver see it, with each stage's completion and whether it is editable now. */
export interface PlanView {
  plan: SemesterPlan;
  editable: boolean;
  /** The caller authors it and it is editable now. */
  canEdit: boolean;
  /** The caller approves plans, does not teach the course, and the plan waits for a decision. */
  canDecide: boolean;
}

/** A semester plan (spec 03 §3 "RPS general info" and the stages' sections). */
export const rpsResource = defineResource({
  name: 'Rps',
  type: 'rps',
  schema: {
    ...content,
    course_id: z.number(),
    rps_start: z.date(),
    rps_end: z.date(),
    editable: z.boolean(),
    can_edit: z.boolean(),
    can_decide: z.boolean(),
    stages: z.array(z.object({ stage: z.number(), slug: z.enum(STAGE_SLUGS), done: z.boolean() })),
    review_comment: z.string().nullable(),
    submitted_at: z.date().nullable(),
    cloned_from_id: z.number().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: ({ plan, editable, canEdit, canDecide }: PlanView) => ({
    ...contentOf(plan),
    course_id: Number(plan.courseId),
    rps_start: plan.rpsStart,
    rps_end: plan.rpsEnd,
    editable,
    can_edit: canEdit,
    can_decide: canDecide,
    stages: stageCompletion(plan),
    review_comment: plan.reviewComment,
    submitted_at: plan.submittedAt,
    cloned_from_id: plan.clonedFromId === null ? null : Number(plan.clonedFromId),
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
  }),
  id: ({ plan }: PlanView) => plan.id,
});

/** An approved plan as the public preview shows it (no window, no review comment). */
export const publicRpsResource = defineResource({
  name: 'PublicRps',
  type: 'rps-public',
  schema: content,
  attributes: contentOf,
});

/** `GET /rps/v1/rps/list`: the plans the caller may read, newest first. */
export const rpsListQuery: QuerySpec = {
  filters: {
    course_id: { column: 'plan.course_id', type: 'integer', ops: ['is', 'in'] },
    status: { column: 'plan.status', type: 'string', ops: ['is', 'in'] },
    code: { column: 'plan.code', type: 'string', ops: ['is', 'like'] },
    curriculum: { column: 'plan.curriculum', type: 'string', ops: ['is'] },
  },
  sorts: { id: 'plan.id', updated_at: 'plan.updated_at', code: 'plan.code' },
  defaultSort: '-updated_at',
};
