import { attributes, field } from '@lms/jsonapi';
import { newCourseRules } from '../academic/academic.rules';

const course = newCourseRules.shape;

/**
 * A lecturer's request: the course as operators would create it (name, code unique in its period,
 * period, faculty, class names) and a note for whoever decides.
 */
export const newCourseRequestRules = attributes({
  name: course.name,
  code: course.code,
  period_id: course.period_id,
  faculty_id: course.faculty_id,
  classes: course.classes,
  note: field.string({ max: 2000 }).nullable().optional(),
});

/** An operator's rejection says why. */
export const rejectCourseRequestRules = attributes({
  reason: field.string({ min: 1, max: 2000 }),
});
