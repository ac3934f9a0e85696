/**
 * The schema language of request bodies (zod): field builders that accept what the product's
 * clients send (numeric strings for numbers, 1/0 for booleans, wall-clock dates in the caller's
 * zone), `attributes()` for the attributes object of a write, and `parseAttributes()` turning
 * every problem into one JSON:API 422 with a `/data/attributes/<field>` pointer per problem.
 * The same schemas describe the request bodies in the OpenAPI document (`jsonSchemaOf`).
 */
import { z } from 'zod';
import { unprocessable, type ValidationIssue } from './errors';
import { readAttributes } from './serializer';
import { parseWireDate } from './wire-date';

export { z };

/** PostgreSQL's `integer` range: whole-number attributes are bounded by it unless told otherwise. */
export const INT4_MAX = 2_147_483_647;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;
const DATE_FORMAT = 'must be a date as YYYY-MM-DD HH:mm:ss';
const WIRE_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$';

/** The JSON pointer of an attribute in a write document (RFC 6901 escaping). */
export function attributePointer(name: string | readonly PropertyKey[]): string {
  const path = typeof name === 'string' ? [name] : name;
  return [
    '/data/attributes',
    ...path.map((key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')),
  ].join('/');
}

/** How a field is named in a message: `name`, or `ids[2]` inside a list. */
function nameOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    '',
  );
}

/**
 * Messages of the builders name no field: `parseAttributes` puts the field's name in front
 * ("must be a string" → "name must be a string"). undefined/null fall through to its required texts.
 */
const when = (message: string | ((input: unknown) => string)) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? undefined
    : typeof message === 'string'
      ? message
      : message(issue.input);

/** JSON Schema (OpenAPI) of a field whose wire form differs from the zod input type. */
const wireSchemas = new WeakMap<object, Record<string, unknown>>();
function documented<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  wireSchemas.set(schema, json);
  return schema;
}

interface TextOptions {
  /** Bounds on the length in characters (not UTF-16 units). */
  min?: number;
  max?: number;
  /** The text must match it ("has an invalid format"). */
  pattern?: RegExp;
}

function text(options: TextOptions, email: boolean) {
  const schema = z
    .string({ error: when(`must be ${email ? 'an e-mail address' : 'a string'}`) })
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: value });
      if (value.includes('\u0000')) return fail('must not contain NUL characters');
      const length = [...value].length;
      if (options.min !== undefined && length < options.min)
        return fail(`must be at least ${options.min} characters`);
      if (options.max !== undefined && length > options.max)
        return fail(`must be at most ${options.max} characters`);
      if (email && !EMAIL.test(value)) return fail('must be an e-mail address');
      if (options.pattern) {
        options.pattern.lastIndex = 0;
        if (!options.pattern.test(value)) return fail('has an invalid format');
      }
    });
  return documented(schema, {
    type: 'string',
    ...(email ? { format: 'email' } : {}),
    ...(options.min !== undefined ? { minLength: options.min } : {}),
    ...(options.max !== undefined ? { maxLength: options.max } : {}),
    ...(options.pattern ? { pattern: options.pattern.source } : {}),
  });
}

interface NumberOptions {
  min?: number;
  max?: number;
}

function numeric(options: NumberOptions, integer: boolean) {
  const toNumber = (value: unknown) =>
    typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
  const checked = z.number({ error: when('must be a number') }).superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: value });
    if (integer && !Number.isSafeInteger(value)) return fail('must be a whole number');
    if (options.min !== undefined && value < options.min) return fail(`must be at least ${options.min}`);
    if (options.max !== undefined && value > options.max) return fail(`must be at most ${options.max}`);
  });
  return documented(z.preprocess(toNumber, checked), {
    type: integer ? 'integer' : 'number',
    ...(options.min !== undefined ? { minimum: options.min } : {}),
    ...(options.max !== undefined ? { maximum: options.max } : {}),
  });
}

/** The zone `date()` fields are read in, set by `parseAttributes` for the duration of one parse. */
let parseTimeZone = 'UTC';

/** Builders of attribute schemas; every field is required unless `.optional()`, non-null unless `.nullable()`. */
export const field = {
  string: (options: TextOptions = {}) => text(options, false),
  email: (options: TextOptions = {}) => text(options, true),
  /** Also accepts a numeric string. */
  number: (options: NumberOptions = {}) => numeric(options, false),
  /** A whole number (also as a numeric string), within PostgreSQL's `integer` unless `max` says otherwise. */
  integer: (options: NumberOptions = {}) => numeric({ max: INT4_MAX, ...options }, true),
  /** A row id: a whole number from 1 up. */
  id: () => numeric({ min: 1, max: INT4_MAX }, true),
  /** true/false, also 1/0 and "1"/"0"/"true"/"false". */
  boolean: () =>
    documented(
      z.preprocess(
        (value) =>
          value === 1 || value === '1' || value === 'true'
            ? true
            : value === 0 || value === '0' || value === 'false'
              ? false
              : value,
        z.boolean({ error: when('must be true or false') }),
      ),
      { type: 'boolean' },
    ),
  /** `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`), wall-clock time in the caller's zone; parsed to a Date. */
  date: () =>
    documented(
      z.string({ error: when(DATE_FORMAT) }).transform((value, ctx) => {
        try {
          return parseWireDate(value, parseTimeZone);
        } catch {
          ctx.addIssue({ code: 'custom', message: DATE_FORMAT, input: value });
          return z.NEVER;
        }
      }),
      {
        type: 'string',
        pattern: WIRE_DATE_PATTERN,
        description: 'YYYY-MM-DD HH:mm:ss (or YYYY-MM-DD), wall-clock time in the campus time zone',
      },
    ),
  enum: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, {
      error: when(
        (input) =>
          `only ${values.join(', ')} not ${typeof input === 'string' ? input : JSON.stringify(input)}`,
      ),
    }),
  /** A list of `item`, `min`..`max` items long. */
  array: <T extends z.ZodType>(item: T, options: { min?: number; max?: number } = {}) => {
    let schema = z.array(item, { error: when('must be an array') });
    if (options.min !== undefined)
      schema = schema.min(options.min, { error: when(`must have at least ${options.min} item(s)`) });
    if (options.max !== undefined)
      schema = schema.max(options.max, { error: when(`must have at most ${options.max} item(s)`) });
    return schema;
  },
  /** A list of row ids (whole numbers from 1, also as numeric strings). */
  idList: (options: { min?: number; max?: number } = {}) => field.array(field.id(), options),
  /** A nested object with these fields; unknown keys are refused. */
  object: <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: when('must be an object') }),
};

/** What `parseAttributes` needs beyond the schema: texts for missing fields, and what to do with unknown ones. */
interface AttributesMeta {
  /** The detail sent when a field is missing (or null without being nullable), for texts a spec fixes. */
  requiredTexts?: Record<string, string>;
}
const attributesMeta = new WeakMap<z.ZodType, AttributesMeta>();

export interface AttributesOptions extends AttributesMeta {
  /** A field the schema does not name: a 422 "is not allowed" (default), or silently dropped. */
  unknown?: 'reject' | 'strip';
}

/** The attributes object of a write: these fields, and (by default) no others. */
export function attributes<T extends z.ZodRawShape>(shape: T, options: AttributesOptions = {}) {
  const schema = options.unknown === 'strip' ? z.object(shape) : z.strictObject(shape);
  attributesMeta.set(schema, { requiredTexts: options.requiredTexts });
  return schema;
}

export type AttributesSchema = z.ZodObject;

/** The validated attributes of a schema made by `attributes()`. */
export type AttributesOf<S extends z.ZodType> = z.output<S>;

function isOptional(schema: AttributesSchema, key: PropertyKey): boolean {
  const member = (schema.shape as Record<string, z.ZodType | undefined>)[String(key)];
  return member !== undefined && member.safeParse(undefined).success;
}

/** One zod issue as JSON:API validation issues (unknown keys give one each). */
function toValidationIssues(schema: AttributesSchema, issue: z.core.$ZodIssue): ValidationIssue[] {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({
      pointer: attributePointer([...path, key]),
      detail: `${nameOf([...path, key])} is not allowed`,
    }));
  const input = (issue as { input?: unknown }).input;
  if (issue.code !== 'custom' && (input === undefined || input === null)) {
    const name = nameOf(path);
    const text = path.length === 1 ? attributesMeta.get(schema)?.requiredTexts?.[String(path[0])] : undefined;
    const required = text ?? `${name} is required`;
    const optional = path.length === 1 && isOptional(schema, path[0]);
    return [
      {
        pointer: attributePointer(path),
        detail: input === null && optional ? `${name} must not be null` : required,
      },
    ];
  }
  return [{ pointer: attributePointer(path), detail: `${nameOf(path)} ${issue.message}` }];
}

export interface ParseAttributesOptions {
  /** Zone in which date attributes are read (the tenant's); UTC by default. */
  timeZone?: string;
}

/**
 * Checks attributes (already read from the document) against a schema: every problem in one 422
 * with a pointer per problem; absent optional fields stay absent, so a PATCH can tell "not sent"
 * from null.
 */
export function validateWith<S extends AttributesSchema>(
  schema: S,
  attributes: Record<string, unknown>,
  options: ParseAttributesOptions = {},
): z.output<S> {
  const previous = parseTimeZone;
  parseTimeZone = options.timeZone ?? 'UTC';
  try {
    // Own properties only: `toString` is not sent because every object inherits one.
    const own = Object.assign(Object.create(null) as Record<string, unknown>, attributes);
    const result = schema.safeParse(own, { reportInput: true });
    if (result.success) return result.data;
    throw unprocessable(result.error.issues.flatMap((issue) => toValidationIssues(schema, issue)));
  } finally {
    parseTimeZone = previous;
  }
}

/** Reads the attributes of a JSON:API write document (or a bare object) and validates them. */
export function parseAttributes<S extends AttributesSchema>(
  schema: S,
  body: unknown,
  options: ParseAttributesOptions = {},
): z.output<S> {
  return validateWith(schema, readAttributes(body), options);
}

/**
 * JSON Schema of a request-body schema as a client sends it (OpenAPI 3.0 dialect), with the wire
 * forms of numbers, booleans and dates.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as unknown as z.ZodType)._zod.def as {
        type: string;
        in?: z.ZodType;
        out?: z.ZodType;
      };
      // A value normalised before it is checked (`z.preprocess`): documented as what it must become.
      const normalised =
        def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out
          ? jsonSchemaOf(def.out)
          : undefined;
      if (normalised) delete normalised.$schema;
      const wire = wireSchemas.get(zodSchema) ?? normalised;
      if (!wire) return;
      const nullable = (jsonSchema as { nullable?: boolean }).nullable;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, wire, nullable ? { nullable } : {});
    },
  }) as Record<string, unknown>;
}
