import { unprocessable, type ValidationIssue } from './errors';
import { attributePointer } from './schema';
import { parseWireDate } from './wire-date';

export type AttributeType =
  'string' | 'number' | 'integer' | 'boolean' | 'date' | 'email' | 'enum' | 'array' | 'object';

/**
 * What one attribute of a write may be. `min`/`max` bound the length of a string or e-mail (in
 * characters), the value of a number, the item count of an array. Numbers and integers also
 * accept numeric strings, booleans also 1/0 and "1"/"0"/"true"/"false"; dates are
 * `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in the tenant's zone and come back as Date.
 */
export interface AttributeRule {
  type: AttributeType;
  /** Must be present (and not null unless nullable). */
  required?: boolean;
  nullable?: boolean;
  min?: number;
  max?: number;
  /** The allowed values of an enum. */
  values?: readonly string[];
  /** A string or e-mail must match it. */
  pattern?: RegExp;
}

export type AttributeRules = Record<string, AttributeRule>;

type BaseValue<R extends AttributeRule> = R['type'] extends 'string' | 'email'
  ? string
  : R['type'] extends 'number' | 'integer'
    ? number
    : R['type'] extends 'boolean'
      ? boolean
      : R['type'] extends 'date'
        ? Date
        : R['type'] extends 'enum'
          ? R extends { values: readonly (infer V)[] }
            ? V
            : string
          : R['type'] extends 'array'
            ? unknown[]
            : Record<string, unknown>;

type FieldValue<R extends AttributeRule> = BaseValue<R> | (R extends { nullable: true } ? null : never);

type RequiredKeys<R extends AttributeRules> = {
  [K in keyof R]: R[K] extends { required: true } ? K : never;
}[keyof R];

/** The validated attributes: required fields always present, the others only when sent. */
export type ValidatedAttributes<R extends AttributeRules> = {
  [K in RequiredKeys<R>]: FieldValue<R[K]>;
} & {
  [K in Exclude<keyof R, RequiredKeys<R>>]?: FieldValue<R[K]>;
};

export interface ValidateOptions {
  /** A field without a rule: a 422 "is not allowed" (default), or silently dropped. */
  unknown?: 'reject' | 'strip';
  /** Zone in which date attributes are read (the tenant's); UTC by default. */
  timeZone?: string;
  /**
   * The detail sent when a field is missing (or null without being nullable), per field, for
   * texts a spec fixes ('Course id is required'); `<field> is required` otherwise.
   */
  requiredMessages?: Record<string, string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;

type Checked = { value: unknown } | { problem: string };

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

function toDate(value: unknown, timeZone: string): Date | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseWireDate(value, timeZone);
  } catch {
    return undefined;
  }
}

function checkText(name: string, value: unknown, rule: AttributeRule, email: boolean): Checked {
  if (typeof value !== 'string') {
    return { problem: `${name} must be ${email ? 'an e-mail address' : 'a string'}` };
  }
  if (value.includes('\u0000')) return { problem: `${name} must not contain NUL characters` };
  const length = [...value].length;
  if (rule.min !== undefined && length < rule.min) {
    return { problem: `${name} must be at least ${rule.min} characters` };
  }
  if (rule.max !== undefined && length > rule.max) {
    return { problem: `${name} must be at most ${rule.max} characters` };
  }
  if (email && !EMAIL.test(value)) return { problem: `${name} must be an e-mail address` };
  if (rule.pattern) {
    rule.pattern.lastIndex = 0;
    if (!rule.pattern.test(value)) return { problem: `${name} has an invalid format` };
  }
  return { value };
}

function checkNumber(name: string, value: unknown, rule: AttributeRule, integer: boolean): Checked {
  const number = toNumber(value);
  if (number === undefined) return { problem: `${name} must be a number` };
  if (integer && !Number.isSafeInteger(number)) return { problem: `${name} must be a whole number` };
  if (rule.min !== undefined && number < rule.min) return { problem: `${name} must be at least ${rule.min}` };
  if (rule.max !== undefined && number > rule.max) return { problem: `${name} must be at most ${rule.max}` };
  return { value: number };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function check(name: string, value: unknown, rule: AttributeRule, timeZone: string): Checked {
  switch (rule.type) {
    case 'string':
    case 'email':
      return checkText(name, value, rule, rule.type === 'email');
    case 'number':
    case 'integer':
      return checkNumber(name, value, rule, rule.type === 'integer');
    case 'boolean': {
      const boolean = toBoolean(value);
      return boolean === undefined ? { problem: `${name} must be true or false` } : { value: boolean };
    }
    case 'date': {
      const date = toDate(value, timeZone);
      return date === undefined
        ? { problem: `${name} must be a date as YYYY-MM-DD HH:mm:ss` }
        : { value: date };
    }
    case 'enum': {
      if (!rule.values) throw new Error(`The enum rule of ${name} has no values`);
      if (typeof value === 'string' && rule.values.includes(value)) return { value };
      return { problem: `${name} only ${rule.values.join(', ')} not ${describe(value)}` };
    }
    case 'array': {
      if (!Array.isArray(value)) return { problem: `${name} must be an array` };
      if (rule.min !== undefined && value.length < rule.min) {
        return { problem: `${name} must have at least ${rule.min} item(s)` };
      }
      if (rule.max !== undefined && value.length > rule.max) {
        return { problem: `${name} must have at most ${rule.max} item(s)` };
      }
      return { value };
    }
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { value }
        : { problem: `${name} must be an object` };
  }
}

/**
 * Checks write attributes against per-field rules and returns only the declared fields, typed
 * (absent optional fields stay absent, so a PATCH can tell "not sent" from null). Every problem
 * is collected into one 422 with a `/data/attributes/<field>` pointer per problem.
 */
export function validateAttributes<const R extends AttributeRules>(
  attributes: Record<string, unknown>,
  rules: R,
  options: ValidateOptions = {},
): ValidatedAttributes<R> {
  const timeZone = options.timeZone ?? 'UTC';
  const issues: ValidationIssue[] = [];
  const result: Record<string, unknown> = {};
  const fail = (name: string, detail: string) => issues.push({ pointer: attributePointer(name), detail });
  const missing = (name: string) =>
    (options.requiredMessages && Object.hasOwn(options.requiredMessages, name)
      ? options.requiredMessages[name]
      : undefined) ?? `${name} is required`;

  for (const [name, rule] of Object.entries(rules)) {
    const value = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (value === undefined) {
      if (rule.required) fail(name, missing(name));
    } else if (value === null) {
      if (rule.nullable) result[name] = null;
      else fail(name, rule.required ? missing(name) : `${name} must not be null`);
    } else {
      const checked = check(name, value, rule, timeZone);
      if ('problem' in checked) fail(name, checked.problem);
      else result[name] = checked.value;
    }
  }
  if ((options.unknown ?? 'reject') === 'reject') {
    for (const name of Object.keys(attributes)) {
      if (!Object.hasOwn(rules, name)) fail(name, `${name} is not allowed`);
    }
  }
  if (issues.length > 0) throw unprocessable(issues);
  return result as ValidatedAttributes<R>;
}
