/**
 * The fields of a form (its `lists`) and the entries' answers to them: a field is a question of
 * one of five kinds — short text, long text, number, choice, date — and an answer gives a value
 * to some of them. Pure checks; their issues point into the write's attributes.
 */
import { attributePointer, field, type ValidationIssue, z } from '@lms/jsonapi';

export const FIELD_TYPES = ['text', 'long_text', 'number', 'choice', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Most fields of a form, and options of a choice. */
export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 30;
/** Longest answer of a text field, and of a long-text field. */
export const TEXT_MAX = 1000;
export const LONG_TEXT_MAX = 20_000;

/** A field as stored and answered. */
export interface FormField {
  /** Names the field in answers; unique in the form (`activities`, `hours`). */
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** A choice's options; null for other kinds. */
  options: string[] | null;
  /** A number's bounds (either may be null); null for other kinds. */
  min: number | null;
  max: number | null;
  /** A hint shown under the field. */
  help: string | null;
}

/** An entry's value for one field: text for text, long text, choice and date (`YYYY-MM-DD`); a number. */
export interface FieldAnswer {
  key: string;
  value: string | number;
}

const KEY = /^[a-z][a-z0-9_]{0,39}$/;

const fieldRule = field.object({
  key: field.string({ min: 1, max: 40 }),
  label: field.string({ min: 1, max: 255 }),
  type: field.enum(FIELD_TYPES),
  required: field.boolean().optional(),
  options: field
    .array(field.string({ min: 1, max: 255 }), { max: MAX_OPTIONS })
    .nullable()
    .optional(),
  min: field.number().nullable().optional(),
  max: field.number().nullable().optional(),
  help: field.string({ max: 1000 }).nullable().optional(),
});

/** The write rule of `lists`: 1 to 50 fields; {@link fieldIssues} checks them as a whole. */
export const fieldsRule = () => field.array(fieldRule, { min: 1, max: MAX_FIELDS });
export type FieldsInput = z.output<ReturnType<typeof fieldsRule>>;

/**
 * What a field's own rule cannot see: keys (lower case letters, digits, `_`; unique), options
 * (a choice has 2 or more, distinct; other kinds none), bounds (numbers only, min ≤ max).
 * Returns the fields as stored, or the issues.
 */
export function checkFields(input: FieldsInput): { fields: FormField[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const at = (index: number, name: string) => attributePointer(['lists', index, name]);
  const seen = new Set<string>();
  const fields = input.map((item, index): FormField => {
    const key = item.key.trim();
    if (!KEY.test(key))
      issues.push({
        pointer: at(index, 'key'),
        detail: 'key must start with a lower-case letter and hold only a–z, 0–9 and _ (40 at most)',
      });
    else if (seen.has(key)) issues.push({ pointer: at(index, 'key'), detail: `key ${key} is used twice` });
    seen.add(key);
    const options = (item.options ?? []).map((option) => option.trim());
    if (item.type === 'choice') {
      if (options.length < 2)
        issues.push({ pointer: at(index, 'options'), detail: 'a choice needs at least 2 options' });
      else if (new Set(options).size !== options.length || options.some((option) => option === ''))
        issues.push({ pointer: at(index, 'options'), detail: 'options must be distinct and not blank' });
    } else if (options.length > 0)
      issues.push({ pointer: at(index, 'options'), detail: `a ${item.type} field has no options` });
    const min = item.min ?? null;
    const max = item.max ?? null;
    if (item.type !== 'number' && (min !== null || max !== null))
      issues.push({ pointer: at(index, 'min'), detail: `a ${item.type} field has no bounds` });
    else if (min !== null && max !== null && min > max)
      issues.push({ pointer: at(index, 'min'), detail: 'min must not be above max' });
    return {
      key,
      label: item.label.trim(),
      type: item.type,
      required: item.required ?? false,
      options: item.type === 'choice' ? options : null,
      min: item.type === 'number' ? min : null,
      max: item.type === 'number' ? max : null,
      help: item.help?.trim() || null,
    };
  });
  return { fields, issues };
}

/** The write rule of an entry's `lists`: `[{key, value}]`, a value null or blank being no answer. */
export const answersRule = () =>
  field.array(
    field.object({
      key: field.string({ min: 1, max: 40 }),
      value: z.union([z.string(), z.number()]).nullable().optional(),
    }),
    { max: MAX_FIELDS },
  );
export type AnswersInput = z.output<ReturnType<typeof answersRule>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** Whether `text` is a day of the calendar written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** One value checked against its field: the value as stored, or what is wrong with it. */
function valueOf(
  fieldDef: FormField,
  raw: string | number,
): { value: string | number } | { problem: string } {
  switch (fieldDef.type) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : NUMERIC.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(number)) return { problem: 'must be a number' };
      if (fieldDef.min !== null && number < fieldDef.min)
        return { problem: `must be at least ${fieldDef.min}` };
      if (fieldDef.max !== null && number > fieldDef.max)
        return { problem: `must be at most ${fieldDef.max}` };
      return { value: number };
    }
    case 'choice': {
      const text = String(raw).trim();
      if (!fieldDef.options?.includes(text))
        return { problem: `must be one of: ${(fieldDef.options ?? []).join(', ')}` };
      return { value: text };
    }
    case 'date': {
      const text = String(raw).trim();
      return isCalendarDate(text) ? { value: text } : { problem: 'must be a date YYYY-MM-DD' };
    }
    default: {
      if (typeof raw !== 'string') return { problem: 'must be text' };
      const text = raw.trim();
      const limit = fieldDef.type === 'long_text' ? LONG_TEXT_MAX : TEXT_MAX;
      if (text.length > limit) return { problem: `must be at most ${limit} characters` };
      return { value: text };
    }
  }
}

/**
 * An entry's answers checked against the form's fields: each key a field of the form, once; each
 * value of its field's kind; every required field answered. Returns the answers in the fields'
 * order (unanswered fields left out), or the issues (pointing at `lists/<n>/value`, or at `lists`
 * for a required field left out).
 */
export function checkAnswers(
  fields: readonly FormField[],
  input: AnswersInput,
): { answers: FieldAnswer[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const byKey = new Map<string, string | number>();
  /** Keys answered with a wrong value: reported there, not again as missing. */
  const refused = new Set<string>();
  input.forEach((item, index) => {
    const fieldDef = fields.find((candidate) => candidate.key === item.key);
    if (!fieldDef) {
      issues.push({
        pointer: attributePointer(['lists', index, 'key']),
        detail: `${item.key} is not a field of the form`,
      });
      return;
    }
    if (byKey.has(item.key)) {
      issues.push({
        pointer: attributePointer(['lists', index, 'key']),
        detail: `${item.key} is answered twice`,
      });
      return;
    }
    const raw = item.value;
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return;
    const checked = valueOf(fieldDef, raw);
    if ('problem' in checked) {
      refused.add(item.key);
      issues.push({
        pointer: attributePointer(['lists', index, 'value']),
        detail: `${fieldDef.label} ${checked.problem}`,
      });
    } else byKey.set(item.key, checked.value);
  });
  for (const fieldDef of fields)
    if (fieldDef.required && !byKey.has(fieldDef.key) && !refused.has(fieldDef.key))
      issues.push({
        pointer: attributePointer('lists'),
        detail: `${fieldDef.label} (${fieldDef.key}) is required`,
      });
  const answers = fields
    .filter((fieldDef) => byKey.has(fieldDef.key))
    .map((fieldDef) => ({ key: fieldDef.key, value: byKey.get(fieldDef.key)! }));
  return { answers, issues };
}

/** A field as the API answers it. */
export const formFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  help: z.string().nullable(),
});

export const fieldAnswerSchema = z.object({ key: z.string(), value: z.union([z.string(), z.number()]) });
