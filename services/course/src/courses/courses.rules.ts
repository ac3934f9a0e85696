import { attributes, field } from '@lms/jsonapi';
/** What the course's lecturer may change of it (`PATCH /course/courses/:id`). */
export const courseUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  code: field.string({ max: 50 }).nullable().optional(),
  description: field.string({ max: 20000 }).nullable().optional(),
  period_id: field.integer({ min: 1 }).nullable().optional(),
  lecturer_id: field.integer({ min: 1 }).nullable().optional(),
  is_active: field.boolean().optional(),
  thumbnail: field.string({ max: 500 }).nullable().optional(),
  start_at: field.date().nullable().optional(),
  end_at: field.date().nullable().optional(),
  is_open: field.boolean().optional(),
  is_public: field.boolean().optional(),
  is_free: field.boolean().optional(),
  gradebook_publish: field.boolean().optional(),
  gradebook_presence: field.boolean().optional(),
  completion_tracking: field.boolean().optional(),
});

/** `PUT /course/courses/replicate`: copy the structure of `from` into `to`. */
export const replicateRules = attributes({
  from: field.integer({ min: 1 }),
  to: field.integer({ min: 1 }),
});
