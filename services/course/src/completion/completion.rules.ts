import { attributes, badRequest, field, parseId } from '@lms/jsonapi';
import { COMPLETIONABLE_TYPES } from './completion.entity';

/** `POST /course/completions`: mark a content done, or undo it with `is_delete` 1 (spec 01 §3). */
export const completionRules = attributes(
  {
    course_id: field.id(),
    completionable_type: field.enum(COMPLETIONABLE_TYPES),
    completionable_id: field.id(),
    /** 1 (or true) undoes the mark; 0, false or absent marks the content done. */
    is_delete: field.boolean().optional(),
  },
  { requiredTexts: { course_id: 'Course id is required' } },
);

/** A required id of the query string (`course_id`, `class_id`): 400 naming it when malformed. */
export function queryId(value: unknown, name: string, required: true): number;
export function queryId(value: unknown, name: string, required: false): number | undefined;
export function queryId(value: unknown, name: string, required: boolean): number | undefined {
  if (value === undefined || value === '') {
    if (required) throw badRequest(`${name} is required`, name);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`, name);
  try {
    return parseId(value, name);
  } catch {
    throw badRequest(`${name} must be an id (a whole number from 1)`, name);
  }
}

/** `student_name`: text to look for in the students' names and numbers (at most 100 characters). */
export function queryText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`, name);
  const text = value.trim();
  if (text.length > 100) throw badRequest(`${name} must be at most 100 characters`, name);
  return text === '' ? undefined : text;
}
