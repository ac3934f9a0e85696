import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import { PRESENCE_TYPES } from './presence.entity';

/** Spec 03 §5's texts for a missing course or class. */
const REQUIRED_TEXTS = { course_id: 'Course ID is required', class_id: 'Class ID is required' };

/** What a write may send of a session; dates are the spec's `yyyy-mm-dd hh:mm:00` in campus time. */
const settings = {
  act_code: field.string({ max: 50 }).nullable().optional(),
  start_at: field.date(),
  end_at: field.date(),
  presence_start: field.date().optional(),
  presence_end: field.date().optional(),
  note: field.string({ max: 5000 }).nullable().optional(),
  /** The modules taught (ids of the course's structure), in this order. */
  topic_ids: field.idList({ max: 50 }).optional(),
};

/** `POST /course/presences`. */
export const presenceCreateRules = attributes(
  { course_id: field.id(), class_id: field.id(), ...settings },
  { requiredTexts: REQUIRED_TEXTS },
);

/** `PATCH /course/presences/{id}`: only what is sent changes; course and class stay. */
export const presenceUpdateRules = attributes(
  {
    course_id: field.id().optional(),
    class_id: field.id().optional(),
    ...settings,
    start_at: settings.start_at.optional(),
    end_at: settings.end_at.optional(),
    /** A new check-in code (the old one stops working). */
    regenerate_code: field.boolean().optional(),
  },
  { requiredTexts: REQUIRED_TEXTS },
);

export type PresenceSettings = AttributesOf<typeof presenceUpdateRules>;

/** `POST /presence`: opens a session now for each class the caller teaches in the period. */
export const presenceOpenRules = attributes({ period_id: field.id(), course_id: field.id().optional() });

/** `PUT /course/presences/{id}/manual`: a student's mark set or cleared by the staff. */
export const manualMarkRules = attributes({
  action: field.enum(['update', 'delete']),
  user_id: field.id(),
  /** Sent by the spec's client; the user directory's number and name are kept, not these. */
  code: field.string({ max: 100 }).nullable().optional(),
  name: field.string({ max: 200 }).nullable().optional(),
  role: field.enum(['STUDENT']).optional(),
  /** When sent, it must be the type's: 1 for attend, 0 for the others. */
  status: field.integer({ min: 0, max: 1 }).optional(),
  type: field.enum(PRESENCE_TYPES).optional(),
});

/** `PATCH /presence/{id}`: `{is_sent: 1}` closes the session for good. */
export const presenceSendRules = attributes({ is_sent: field.boolean() });

/** `POST /presence/{id}/check-in`: the code the lecturer shows. */
export const checkInRules = attributes({ code: field.string({ min: 1, max: 40 }) });
