/** Letters and digits, inner spaces, dots, dashes and underscores: `IF101`, `MKU-1.02`. */
const COURSE_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]*[A-Za-z0-9])?$/;

/** `POST /sync/sync/syncByCourse`: the course and semester to pull. */
export const syncRules = {
  year: { type: 'integer', required: true, min: 1000, max: 9999 },
  type: { type: 'string', required: true, min: 1, max: 20 },
  code: { type: 'string', required: true, min: 1, max: 50, pattern: COURSE_CODE },
  period_id: { type: 'integer', required: true, min: 1 },
} as const;
