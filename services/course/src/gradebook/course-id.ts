import { badRequest, type RawQuery } from '@lms/jsonapi';

/** The course a list is for: `filter[course_id][is]=…` (or `filter[course_id]`, `course_id`); 400 without it. */
export function courseIdOf(raw: RawQuery): number {
  const value = raw['filter[course_id][is]'] ?? raw['filter[course_id]'] ?? raw.course_id;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < 1)
    throw badRequest('filter[course_id][is] is required: a course id', 'filter[course_id][is]');
  return Number(value);
}

/** An optional id parameter (`class_id`): a whole number, or a 400 naming it. */
export function optionalId(raw: RawQuery, name: string): number | undefined {
  const value = raw[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < 1)
    throw badRequest(`${name} must be an id`, name);
  return Number(value);
}
