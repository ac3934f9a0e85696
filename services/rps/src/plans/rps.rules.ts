import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import {
  cplSchema,
  cpmkSchema,
  evaluationSchema,
  referenceSchema,
  type StageSlug,
  topicSchema,
  WEEK_PARTS,
  weekSchema,
} from './stages';

const curriculum = () => field.string({ min: 1, max: 50 });

/** `POST /rps/v1/rps`: a plan of a course for a curriculum; the window only from the approver. */
export const rpsCreateRules = attributes({
  course_id: field.id(),
  curriculum: curriculum(),
  rps_start: field.date().optional(),
  rps_end: field.date().optional(),
});
export type RpsCreate = AttributesOf<typeof rpsCreateRules>;

/** `PATCH /rps/v1/rps/{id}/window`: when its authors may edit it (the approver's). */
export const rpsWindowRules = attributes({ rps_start: field.date(), rps_end: field.date() });
export type RpsWindow = AttributesOf<typeof rpsWindowRules>;

/** `POST /rps/v1/rps/clone`: a copy of another period's plan into a course, as a new draft. */
export const rpsCloneRules = attributes({
  source_id: field.id(),
  course_id: field.id(),
  curriculum: curriculum().optional(),
});
export type RpsClone = AttributesOf<typeof rpsCloneRules>;

/** `POST /rps/v1/approval`: the plan submitted for approval. */
export const approvalSubmitRules = attributes({ rps_id: field.id() });

/** `PATCH /rps/v1/approval/{id}`: the approver's decision; returning it needs a comment. */
export const approvalDecisionRules = attributes({
  decision: field.enum(['approve', 'return']),
  comment: field.string({ max: 5000 }).optional(),
});
export type ApprovalDecision = AttributesOf<typeof approvalDecisionRules>;

const MAX_ITEMS = 50;
const weekPart = <S extends keyof typeof WEEK_PARTS>(slug: S) =>
  field.array(WEEK_PARTS[slug].item, { max: MAX_ITEMS });

/**
 * Each stage's attributes (`PATCH /rps/v1/rps/{id}/stages/{slug}`). Stage 1 changes what it is
 * sent (autosave sends a field at a time); the others replace their whole list. Stages 8–11 set
 * their part of weeks the main plan (stage 7) has.
 */
export const STAGE_RULES = {
  'informasi-umum-mk': attributes({
    notes: field.string({ max: 10_000 }).nullable().optional(),
    description_mk: field.string({ max: 10_000 }).nullable().optional(),
    kebijakan_ai: field.string({ max: 10_000 }).nullable().optional(),
  }),
  'bahan-kajian': attributes({ topics: field.array(topicSchema, { max: MAX_ITEMS }) }),
  cpl: attributes({ cpl: field.array(cplSchema, { max: MAX_ITEMS }) }),
  cpmk: attributes({ cpmk: field.array(cpmkSchema, { max: MAX_ITEMS }) }),
  rujukan: attributes({ references: field.array(referenceSchema, { max: MAX_ITEMS }) }),
  evaluasi: attributes({ evaluations: field.array(evaluationSchema, { max: MAX_ITEMS }) }),
  'rps-utama': attributes({ weeks: field.array(weekSchema, { max: MAX_ITEMS }) }),
  'rps-metode-pembelajaran': attributes({ methods: weekPart('rps-metode-pembelajaran') }),
  'rps-waktu-pembelajaran': attributes({ times: weekPart('rps-waktu-pembelajaran') }),
  'rps-lce': attributes({ lce: weekPart('rps-lce') }),
  'rps-penggunaan-ai': attributes({ ai_use: weekPart('rps-penggunaan-ai') }),
} satisfies Record<StageSlug, unknown>;
export type StageInput<S extends StageSlug> = AttributesOf<(typeof STAGE_RULES)[S]>;
