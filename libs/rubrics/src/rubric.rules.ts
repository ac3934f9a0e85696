import { attributePointer, field, type ValidationIssue, z } from '@lms/jsonapi';
import type { Rubric } from './rubric';

/** Most criteria of a rubric, and levels of a criterion. */
export const MAX_CRITERIA = 20;
export const MAX_LEVELS = 10;

const level = field.object({
  name: field.string({ min: 1, max: 100 }),
  point: field.number({ min: 0, max: 100 }),
  point_min: field.number({ min: 0, max: 100 }).nullable().optional(),
  point_max: field.number({ min: 0, max: 100 }).nullable().optional(),
  description: field.string({ max: 2000 }).nullable().optional(),
});

const criterion = field.object({
  name: field.string({ min: 1, max: 255 }),
  description: field.string({ max: 2000 }).nullable().optional(),
  weight: field.number({ min: 0, max: 100 }),
  levels: field.array(level, { min: 2, max: MAX_LEVELS }),
});

/**
 * A rubric as a write sends it (a task's `rubric`, a template's): 1 to 20 criteria, each with a
 * weight (percent) and 2 to 10 levels of 0–100 points; a level may give a range (`point_min` to
 * `point_max`, `point` inside it) instead of a fixed point. {@link rubricIssues} checks the whole.
 */
export const rubricField = () =>
  field.object({
    name: field.string({ max: 255 }).nullable().optional(),
    criteria: field.array(criterion, { min: 1, max: MAX_CRITERIA }),
  });

export type RubricInput = z.output<ReturnType<typeof rubricField>>;

/** Weights are compared to 100 within this much (they are typed as decimals, e.g. 33.33). */
const WEIGHT_TOLERANCE = 0.01;

/**
 * What makes a rubric unusable beyond each field's own rules: weights not summing to 100, a
 * level's range upside down or its point outside it. `at` is the attribute holding the rubric.
 */
export function rubricIssues(
  rubric: RubricInput,
  at: string | readonly PropertyKey[] = 'rubric',
): ValidationIssue[] {
  const base = typeof at === 'string' ? [at] : [...at];
  const issues: ValidationIssue[] = [];
  const total = rubric.criteria.reduce((sum, item) => sum + item.weight, 0);
  if (Math.abs(total - 100) > WEIGHT_TOLERANCE)
    issues.push({
      pointer: attributePointer([...base, 'criteria']),
      detail: `the weights of the criteria sum to ${Math.round(total * 100) / 100}, not 100`,
    });
  rubric.criteria.forEach((item, c) =>
    item.levels.forEach((option, l) => {
      const min = option.point_min ?? 0;
      const max = option.point_max ?? 0;
      if (min === 0 && max === 0) return;
      const pointer = attributePointer([...base, 'criteria', c, 'levels', l]);
      if (min > max)
        issues.push({ pointer: `${pointer}/point_min`, detail: 'point_min must not be above point_max' });
      else if (option.point < min || option.point > max)
        issues.push({ pointer: `${pointer}/point`, detail: `point must be within ${min} and ${max}` });
    }),
  );
  return issues;
}

/** The rubric as it is stored: every field present (`point_min`/`point_max` 0 for a fixed point). */
export function normalizeRubric(rubric: RubricInput, fallbackName = ''): Rubric {
  return {
    name: rubric.name?.trim() || fallbackName,
    criteria: rubric.criteria.map((item) => ({
      name: item.name,
      description: item.description ?? null,
      weight: item.weight,
      levels: item.levels.map((option) => ({
        name: option.name,
        point: option.point,
        point_min: option.point_min ?? 0,
        point_max: option.point_max ?? 0,
        description: option.description ?? null,
      })),
    })),
  };
}

/** A rubric as the API answers it (stored form). */
export const rubricSchema = z.object({
  name: z.string(),
  criteria: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      weight: z.number(),
      levels: z.array(
        z.object({
          name: z.string(),
          point: z.number(),
          point_min: z.number(),
          point_max: z.number(),
          description: z.string().nullable(),
        }),
      ),
    }),
  ),
});
