import { attributes, field } from '@lms/jsonapi';
/** Letters and digits, inner spaces, dots, dashes and underscores: `IF101`, `MKU-1.02`. */
const COURSE_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]*[A-Za-z0-9])?$/;

/** `POST /sync/sync/syncByCourse`: the course and semester to pull. */
export const syncRules = attributes({
  year: field.integer({ min: 1000, max: 9999 }),
  type: field.string({ min: 1, max: 20 }),
  code: field.string({ min: 1, max: 50, pattern: COURSE_CODE }),
  period_id: field.integer({ min: 1 }),
});
