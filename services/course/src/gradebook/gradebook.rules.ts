import {
  attributes,
  field,
  JsonApiException,
  jsonSchemaOf,
  readAttributes,
  unprocessable,
  type ValidationIssue,
  validateWith,
  type AttributesSchema,
  type z,
} from '@lms/jsonapi';
import { GRADEABLE_TYPES } from './gradebook.entity';

/** The spec's text for a missing course id. */
const COURSE_ID = { course_id: 'Course id is required' };
/** A weight, a score or a band's bound: 0–100 (stored with two decimals). */
const hundredth = () => field.number({ min: 0, max: 100 });

export const gradeCreateRules = attributes(
  {
    course_id: field.id(),
    gradeable_type: field.enum(GRADEABLE_TYPES),
    gradeable_id: field.id(),
    percentage: hundredth().optional(),
  },
  { requiredTexts: COURSE_ID },
);

export const gradeUpdateRules = attributes({ percentage: hundredth() });

export const bandCreateRules = attributes(
  {
    course_id: field.id(),
    index: field.string({ min: 1, max: 10 }),
    min: hundredth().optional(),
    max: hundredth().optional(),
  },
  { requiredTexts: COURSE_ID },
);

export const bandUpdateRules = attributes({
  index: field.string({ min: 1, max: 10 }).optional(),
  min: hundredth().optional(),
  max: hundredth().optional(),
});

/** One band of `PUT /course/index`. */
export const bandRowRules = attributes({
  index: field.string({ min: 1, max: 10 }),
  min: hundredth().optional(),
  max: hundredth().optional(),
});

export const bandsReplaceRules = attributes(
  { course_id: field.id() },
  { unknown: 'strip', requiredTexts: COURSE_ID },
);

export const activityCreateRules = attributes(
  { course_id: field.id(), title: field.string({ min: 1, max: 255 }) },
  { requiredTexts: COURSE_ID },
);

export const activityUpdateRules = attributes({ title: field.string({ min: 1, max: 255 }) });

/** One score of `PUT /course/courseactivities/{id}/scores`: null clears it. */
export const activityScoreRules = attributes({ student_id: field.id(), score: hundredth().nullable() });

/** At most this many rows in one `PUT` (a class of a large course). */
export const MAX_ROWS = 5000;

/**
 * The OpenAPI request body of a list write that `readRows` reads: `{data: [row, …]}`, each row as
 * `schema` says, with `members` (JSON schemas) beside `data`, all required.
 */
export function rowsRequestBody(schema: AttributesSchema, members: Record<string, object> = {}) {
  return {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['data', ...Object.keys(members)],
          properties: { ...members, data: { type: 'array', items: jsonSchemaOf(schema) } },
        },
      },
    },
  };
}

/**
 * The rows of a list write — `{data: [...]}` (or `{data: {attributes: [...]}}`, or a bare list) —
 * each validated by `schema`: every problem in one 422 with its row's pointer (`/data/2/score`).
 */
export function readRows<S extends AttributesSchema>(body: unknown, schema: S): Array<z.output<S>> {
  const data = (body as { data?: unknown } | null)?.data;
  const nested = (data as { attributes?: unknown } | null)?.attributes;
  const items = Array.isArray(nested)
    ? nested
    : Array.isArray(data)
      ? data
      : Array.isArray(body)
        ? body
        : null;
  if (items === null) throw unprocessable([{ pointer: '/data', detail: 'data must be a list' }]);
  if (items.length > MAX_ROWS)
    throw unprocessable([{ pointer: '/data', detail: `data must have at most ${MAX_ROWS} rows` }]);
  const issues: ValidationIssue[] = [];
  const rows: Array<z.output<S>> = [];
  for (const [at, item] of items.entries()) {
    try {
      rows.push(validateWith(schema, readAttributes(item)));
    } catch (error) {
      if (!(error instanceof JsonApiException)) throw error;
      for (const found of error.errors)
        issues.push({
          pointer: `/data/${at}/${found.source?.pointer?.replace('/data/attributes/', '') ?? ''}`,
          detail: found.detail ?? 'is not valid',
        });
    }
  }
  if (issues.length > 0) throw unprocessable(issues);
  return rows;
}
