import { defineResource, z } from '@lms/jsonapi';

const plan = {
  course_id: z.number(),
  /** The semester plan measured against: the course's approved one, else its newest (null: none). */
  rps_id: z.number().nullable(),
  rps_status: z.string().nullable(),
};
const cpmk = z.object({ code: z.string(), description: z.string(), cpl: z.array(z.string()) });
const assessment = z.object({ type: z.enum(['exam', 'task']), id: z.number(), title: z.string() });
const mapping = z.object({
  assessment_type: z.enum(['exam', 'task']),
  assessment_id: z.number(),
  cpmk: z.string(),
  weight: z.number(),
});
const studentRow = z.object({
  student_id: z.number(),
  name: z.string(),
  /** The student's attainment per CPMK code (0–100). */
  scores: z.record(z.string(), z.number()),
});

export interface Stage1View {
  course_id: number;
  rps_id: number | null;
  rps_status: string | null;
  cpmk: Array<z.infer<typeof cpmk>>;
  assessments: Array<z.infer<typeof assessment>>;
  mappings: Array<z.infer<typeof mapping>>;
  students: Array<z.infer<typeof studentRow>>;
  computed_at: Date | null;
}

/** Stage 1: the mapping, what can be mapped, and each student's attainment per CPMK. */
export const stage1Resource = defineResource({
  name: 'CpmkStage1',
  type: 'cpmk-stage1',
  schema: {
    ...plan,
    cpmk: z.array(cpmk),
    assessments: z.array(assessment),
    mappings: z.array(mapping),
    students: z.array(studentRow),
    computed_at: z.date().nullable(),
  },
  attributes: (view: Stage1View) => view,
  id: (view: Stage1View) => view.course_id,
});

const classRow = z.object({
  cpmk: z.string(),
  description: z.string(),
  students: z.number(),
  mean_score: z.number().nullable(),
  threshold: z.number().nullable(),
  reached: z.number().nullable(),
  reached_percent: z.number().nullable(),
});
export interface Stage2View {
  course_id: number;
  rps_id: number | null;
  rps_status: string | null;
  results: Array<z.infer<typeof classRow>>;
}

/** Stage 2: per CPMK the class's mean attainment and the share of students at the threshold. */
export const stage2Resource = defineResource({
  name: 'CpmkStage2',
  type: 'cpmk-stage2',
  schema: { ...plan, results: z.array(classRow) },
  attributes: (view: Stage2View) => view,
  id: (view: Stage2View) => view.course_id,
});

const thresholdRow = z.object({ cpmk: z.string(), threshold: z.number(), is_default: z.boolean() });
export interface Stage2ConfigView {
  course_id: number;
  rps_id: number | null;
  rps_status: string | null;
  default_threshold: number;
  thresholds: Array<z.infer<typeof thresholdRow>>;
}

/** Stage 2 config: each CPMK's passing threshold (the default unless the lecturer set one). */
export const stage2ConfigResource = defineResource({
  name: 'CpmkStage2Config',
  type: 'cpmk-stage2-config',
  schema: { ...plan, default_threshold: z.number(), thresholds: z.array(thresholdRow) },
  attributes: (view: Stage2ConfigView) => view,
  id: (view: Stage2ConfigView) => view.course_id,
});

const cplRow = z.object({
  cpl: z.string(),
  description: z.string(),
  /** The CPMK serving it that were measured, with their weight (the sum of their mapped weights). */
  cpmk: z.array(z.object({ cpmk: z.string(), weight: z.number() })),
  score: z.number().nullable(),
  reached_percent: z.number().nullable(),
});
export interface Stage3View {
  course_id: number;
  rps_id: number | null;
  rps_status: string | null;
  results: Array<z.infer<typeof cplRow>>;
}

/** Stage 3: the CPL the course serves, each the weighted mean of its CPMK's class attainment. */
export const stage3Resource = defineResource({
  name: 'CpmkStage3',
  type: 'cpmk-stage3',
  schema: { ...plan, results: z.array(cplRow) },
  attributes: (view: Stage3View) => view,
  id: (view: Stage3View) => view.course_id,
});
