import { attributes, type AttributesOf, field } from '@lms/jsonapi';

const cpmkCode = () => field.string({ min: 1, max: 20 });
const MAX_ROWS = 200;

/** An assessment of the course measuring a CPMK with a weight (the stage 1 mapping). */
const mappingSchema = field.object({
  assessment_type: field.enum(['exam', 'task']),
  assessment_id: field.id(),
  cpmk: cpmkCode(),
  weight: field.number({ min: 1, max: 100 }),
});

/** `POST /cpmk/calculate/stage1`: the course's mapping (replacing the saved one), then the computation. */
export const stage1Rules = attributes({
  course_id: field.id(),
  mappings: field.array(mappingSchema, { min: 1, max: MAX_ROWS }),
});
export type Stage1Input = AttributesOf<typeof stage1Rules>;

/** `POST /cpmk/calculate/stage2/score`: the class's mean attainment per CPMK. */
export const stage2ScoreRules = attributes({ course_id: field.id() });

/** `POST /cpmk/calculate/stage2/threshold`: thresholds to save (optional), then the share reaching them. */
export const stage2ThresholdRules = attributes({
  course_id: field.id(),
  thresholds: field
    .array(field.object({ cpmk: cpmkCode(), threshold: field.number({ min: 0, max: 100 }) }), {
      max: MAX_ROWS,
    })
    .optional(),
});
export type Stage2ThresholdInput = AttributesOf<typeof stage2ThresholdRules>;
