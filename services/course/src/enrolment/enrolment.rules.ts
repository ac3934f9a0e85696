import { attributes, field } from '@lms/jsonapi';
/** The spec's text for a missing course id (spec 03 §5). */
export const COURSE_ID = { course_id: 'Course id is required' };

export const openRules = attributes(
  {
    course_id: field.integer({ min: 1 }),
    start_at: field.date(),
    end_at: field.date(),
  },
  { requiredTexts: COURSE_ID },
);

/** The token alone names the class; a course or class id sent along must be the token's. */
export const takeRules = attributes({
  token: field.string({ min: 1, max: 32 }),
  course_id: field.integer({ min: 1 }).optional(),
  class_id: field.integer({ min: 1 }).optional(),
});

export const joinRules = attributes({ course_id: field.integer({ min: 1 }) }, { requiredTexts: COURSE_ID });

export const leaveRules = attributes({ course_id: field.integer({ min: 1 }) }, { requiredTexts: COURSE_ID });

export const kickRules = attributes(
  {
    course_id: field.integer({ min: 1 }),
    student_id: field.integer({ min: 1 }),
  },
  { requiredTexts: COURSE_ID },
);
