import { attributes, field } from '@lms/jsonapi';

/**
 * The academic structure a campus's operators build when no academic system feeds it (the admin
 * API, `npm run structure`, the `.xlsx` import): periods, faculties, courses with their lecturers
 * and classes. `campus_id` names the campus; unset, the caller's own.
 */

const periodFields = {
  name: field.string({ min: 1, max: 100 }),
  year: field.integer({ min: 1900, max: 2200 }),
  /** The semester's type as the campus spells it: `GANJIL`, `GENAP`, `PENDEK`… (stored upper case). */
  period_type: field.string({ min: 1, max: 20, pattern: /^[A-Za-z0-9_-]+$/ }),
  is_active: field.boolean(),
};

export const newPeriodRules = attributes({
  campus_id: field.id().optional(),
  ...periodFields,
  is_active: periodFields.is_active.optional(),
});

export const periodChangeRules = attributes({
  name: periodFields.name.optional(),
  year: periodFields.year.optional(),
  period_type: periodFields.period_type.optional(),
  is_active: periodFields.is_active.optional(),
});

const facultyFields = {
  name: field.string({ min: 1, max: 200 }),
  code: field.string({ min: 1, max: 50 }).nullable(),
};

export const newFacultyRules = attributes({
  campus_id: field.id().optional(),
  name: facultyFields.name,
  code: facultyFields.code.optional(),
});

export const facultyChangeRules = attributes({
  name: facultyFields.name.optional(),
  code: facultyFields.code.optional(),
});

/** At most this many lecturers and classes per course, in any one write. */
export const MAX_LECTURERS = 20;
export const MAX_CLASSES = 100;

const courseFields = {
  name: field.string({ min: 1, max: 255 }),
  code: field.string({ min: 1, max: 50 }),
  description: field.string({ max: 20000 }).nullable(),
  period_id: field.id(),
  faculty_id: field.id().nullable(),
  /** The first is the lecturer in charge, the others assist; each an active lecturer of the campus. */
  lecturer_ids: field.idList({ max: MAX_LECTURERS }),
  /** Class names the course has; those it lacks are created, none is removed. */
  classes: field.array(field.string({ min: 1, max: 100 }), { max: MAX_CLASSES }),
  is_active: field.boolean(),
};

export const newCourseRules = attributes({
  campus_id: field.id().optional(),
  name: courseFields.name,
  code: courseFields.code,
  description: courseFields.description.optional(),
  period_id: courseFields.period_id,
  faculty_id: courseFields.faculty_id.optional(),
  lecturer_ids: courseFields.lecturer_ids.optional(),
  classes: courseFields.classes.optional(),
  is_active: courseFields.is_active.optional(),
});

export const courseChangeRules = attributes({
  name: courseFields.name.optional(),
  code: courseFields.code.optional(),
  description: courseFields.description.optional(),
  period_id: courseFields.period_id.optional(),
  faculty_id: courseFields.faculty_id.optional(),
  lecturer_ids: courseFields.lecturer_ids.optional(),
  classes: courseFields.classes.optional(),
  is_active: courseFields.is_active.optional(),
});
