import { attributes, type AttributesOf, field, type z } from '@lms/jsonapi';

/** Every field of a shape optional (what a PATCH sends changes). */
const allOptional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

const text = (max = 10_000) => field.string({ max });
const credit = () => field.integer({ min: 0, max: 40 });
const names = (max: number) => field.array(field.string({ min: 1, max: 255 }), { max });

/** A learning outcome of the course plan. */
export const outcomeSchema = field.object({
  code: field.string({ min: 1, max: 20 }),
  description: text(2000),
});
/** An output (what students produce or show), numbered by the author, unique in the plan. */
export const outputSchema = field.object({
  id: field.integer({ min: 1, max: 1000 }),
  description: text(2000),
});
/** A sub-output of an output of the plan. */
export const subOutputSchema = field.object({
  id: field.integer({ min: 1, max: 1000 }),
  output_id: field.integer({ min: 1, max: 1000 }),
  description: text(2000),
});

const planFields = {
  name_ina: field.string({ min: 1, max: 255 }),
  name_en: field.string({ max: 255 }),
  type: field.string({ max: 50 }),
  credit: credit(),
  credit_default: credit(),
  credit_practice: credit(),
  credit_exercise: credit(),
  credit_other: credit(),
  course_precondition: text(),
  subject_matters: text(),
  description_ina: text(),
  description_en: text(),
  evaluation_base: text(),
  major_leader: field.string({ max: 255 }),
  lecturers: names(20),
  outcomes: field.array(outcomeSchema, { max: 50 }),
  outputs: field.array(outputSchema, { max: 50 }),
  sub_outputs: field.array(subOutputSchema, { max: 200 }),
  indexes: names(50),
  references: field.array(text(1000), { max: 50 }),
};

/** `POST /plan/courseplans`: a plan of a code for a period; its version the next one unless given. */
export const coursePlanCreateRules = attributes({
  code: field.string({ min: 1, max: 50 }),
  period_id: field.id(),
  version: field.integer({ min: 1, max: 1000 }).optional(),
  ...allOptional(planFields),
  name_ina: planFields.name_ina,
});
export type CoursePlanCreate = AttributesOf<typeof coursePlanCreateRules>;

/** `PATCH /plan/courseplans/{id}`: what is sent changes. */
export const coursePlanUpdateRules = attributes(allOptional(planFields));
export type CoursePlanUpdate = AttributesOf<typeof coursePlanUpdateRules>;

const stageFields = {
  course_plan_output_id: field.integer({ min: 1, max: 1000 }).nullable(),
  topic: field.string({ min: 1, max: 500 }),
  subtopic: text(),
  method_offline: text(2000),
  method_online: text(2000),
  credit: field.number({ min: 0, max: 40 }),
  learning_exp: text(),
  assesment_base: text(2000),
  assesment_method: text(2000),
  assesment_criteria: text(2000),
  assesment_instrument: text(2000),
  assesment_weight: field.number({ min: 0, max: 100 }),
  references: field.array(text(1000), { max: 50 }),
};
/** `POST /plan/courseplanstages`: a stage of a plan; its index the count of the plan's stages. */
export const stageCreateRules = attributes({
  course_plan_id: field.id(),
  ...allOptional(stageFields),
  topic: stageFields.topic,
});
export type StageCreate = AttributesOf<typeof stageCreateRules>;

/** `PATCH /plan/courseplanstages/{id}`: what is sent changes. */
export const stageUpdateRules = attributes(allOptional(stageFields));
export type StageUpdate = AttributesOf<typeof stageUpdateRules>;
