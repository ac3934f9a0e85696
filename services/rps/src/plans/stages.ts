import { field, z } from '@lms/jsonapi';

/** The 11 editor stages of a semester plan (spec 03 §2), in order: their path slugs. */
export const STAGE_SLUGS = [
  'informasi-umum-mk',
  'bahan-kajian',
  'cpl',
  'cpmk',
  'rujukan',
  'evaluasi',
  'rps-utama',
  'rps-metode-pembelajaran',
  'rps-waktu-pembelajaran',
  'rps-lce',
  'rps-penggunaan-ai',
] as const;
export type StageSlug = (typeof STAGE_SLUGS)[number];

/** Most weeks a semester plan has (16 teaching weeks, midterm and final included, with room to spare). */
export const MAX_WEEKS = 20;
const text = (max: number) => field.string({ max });
const code = () => field.string({ min: 1, max: 20 });
const week = () => field.integer({ min: 1, max: MAX_WEEKS });
const minutes = () => field.integer({ min: 0, max: 6000 });

/** Stage 2: a study material (bahan kajian). */
export const topicSchema = field.object({
  name: field.string({ min: 1, max: 255 }),
  description: text(2000),
});
/** Stage 3: a learning outcome of the programme (CPL). */
export const cplSchema = field.object({ code: code(), description: field.string({ min: 1, max: 2000 }) });
/** Stage 4: a learning outcome of the course (CPMK), the CPL it serves and its sub-CPMK. */
export const cpmkSchema = field.object({
  code: code(),
  description: field.string({ min: 1, max: 2000 }),
  cpl: field.array(code(), { max: 30 }),
  sub_cpmk: field.array(field.object({ code: code(), description: field.string({ min: 1, max: 2000 }) }), {
    max: 30,
  }),
});
/** Stage 5: a reference, main or supporting. */
export const referenceSchema = field.object({
  type: field.enum(['main', 'supporting']),
  citation: field.string({ min: 1, max: 1000 }),
});
/** Stage 6: an assessment, the CPMK it measures and its weight in the final mark (percent). */
export const evaluationSchema = field.object({
  name: field.string({ min: 1, max: 255 }),
  cpmk: field.array(code(), { min: 1, max: 30 }),
  weight: field.number({ min: 0, max: 100 }),
});
/** Stage 7: a week of the main plan. */
export const weekSchema = field.object({
  week: week(),
  sub_cpmk: text(20),
  topic: field.string({ min: 1, max: 500 }),
  indicators: text(2000),
  criteria: text(2000),
  weight: field.number({ min: 0, max: 100 }),
});

/** A week as stored: stage 7's fields and those stages 8–11 add to it. */
export interface PlanWeek extends z.output<typeof weekSchema> {
  method_offline: string;
  method_online: string;
  face_to_face_minutes: number;
  structured_minutes: number;
  independent_minutes: number;
  learning_experience: string;
  ai_use: string;
}

/** What stages 8–11 set per week, each a list of `{ week, … }` naming weeks of the main plan. */
export const WEEK_PARTS = {
  'rps-metode-pembelajaran': {
    list: 'methods',
    item: field.object({ week: week(), method_offline: text(1000), method_online: text(1000) }),
  },
  'rps-waktu-pembelajaran': {
    list: 'times',
    item: field.object({
      week: week(),
      face_to_face_minutes: minutes(),
      structured_minutes: minutes(),
      independent_minutes: minutes(),
    }),
  },
  'rps-lce': { list: 'lce', item: field.object({ week: week(), learning_experience: text(2000) }) },
  'rps-penggunaan-ai': { list: 'ai_use', item: field.object({ week: week(), ai_use: text(2000) }) },
} as const;
export type WeekPartSlug = keyof typeof WEEK_PARTS;

export const isWeekPart = (slug: StageSlug): slug is WeekPartSlug => slug in WEEK_PARTS;

/** An empty week for stage 7's fields: what stages 8–11 have not said yet. */
export const newWeek = (fields: z.output<typeof weekSchema>): PlanWeek => ({
  ...fields,
  method_offline: '',
  method_online: '',
  face_to_face_minutes: 0,
  structured_minutes: 0,
  independent_minutes: 0,
  learning_experience: '',
  ai_use: '',
});

/** What the completion rule reads of a plan. */
export interface StageContent {
  notes: string | null;
  descriptionMk: string | null;
  kebijakanAi: string | null;
  topics: readonly unknown[];
  cpl: readonly unknown[];
  cpmk: readonly unknown[];
  references: readonly unknown[];
  evaluations: readonly unknown[];
  weeks: readonly unknown[];
}

const filled = (value: string | null) => value !== null && value.trim() !== '';

/**
 * Whether each stage is done (spec 03 §4): stage 1 when notes, course description and AI policy
 * all exist; stages 2–6 when their list is non-empty; stages 7–11 when the weekly plan is.
 */
export function stageCompletion(
  plan: StageContent,
): Array<{ stage: number; slug: StageSlug; done: boolean }> {
  const lists = [plan.topics, plan.cpl, plan.cpmk, plan.references, plan.evaluations];
  return STAGE_SLUGS.map((slug, index) => {
    const stage = index + 1;
    const done =
      stage === 1
        ? filled(plan.notes) && filled(plan.descriptionMk) && filled(plan.kebijakanAi)
        : stage <= 6
          ? lists[stage - 2].length > 0
          : plan.weeks.length > 0;
    return { stage, slug, done };
  });
}
