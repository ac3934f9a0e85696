import { attributes, badRequest, field } from '@lms/jsonapi';
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

/** `student_name`: text to look for in the students' names and numbers (at most 100 characters). */
export function queryText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`, name);
  const text = value.trim();
  if (text.length > 100) throw badRequest(`${name} must be at most 100 characters`, name);
  return text === '' ? undefined : text;
}
