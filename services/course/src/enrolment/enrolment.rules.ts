/** The spec's text for a missing course id (spec 03 §5). */
export const COURSE_ID = { course_id: 'Course id is required' };

export const openRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  start_at: { type: 'date', required: true },
  end_at: { type: 'date', required: true },
} as const;

export const takeRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  class_id: { type: 'integer', required: true, min: 1 },
  token: { type: 'string', required: true, min: 1, max: 32 },
} as const;

export const leaveRules = { course_id: { type: 'integer', required: true, min: 1 } } as const;

export const kickRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  student_id: { type: 'integer', required: true, min: 1 },
} as const;
