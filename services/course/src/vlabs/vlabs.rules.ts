import { attributes, field, z } from '@lms/jsonapi';

/** What a lab's `settings` may hold; anything else is a 422. */
export const vlabSettings = field.object({
  /** Students see each other's names on the leaderboard (otherwise only their own). */
  show_names: field.boolean().optional(),
  /** The best score possible, for percentages and the chart; 100 unless set. */
  max_score: field.number({ min: 0.01, max: 1_000_000 }).optional(),
  /** How many rows of the leaderboard students see (staff see all); 10 unless set. */
  leaderboard_size: field.integer({ min: 1, max: 100 }).optional(),
});
export type VlabSettings = z.output<typeof vlabSettings>;

/** An absolute https URL (a lab over plain http would leak its students' sessions). */
const httpsUrl = field.string({ min: 1, max: 2000 }).refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  },
  { message: 'must be an https URL' },
);

/** `POST /course/vlabs`: a lab on an activity of the course. */
export const vlabCreateRules = attributes({
  activity_id: field.id(),
  course_id: field.id().optional(),
  name: field.string({ min: 1, max: 255 }),
  url: httpsUrl,
  description: field.string({ max: 10_000 }).nullable().optional(),
  settings: vlabSettings.optional(),
  index: field.integer({ min: 0, max: 100_000 }).optional(),
});

/** `PATCH /course/vlabs/{id}`. */
export const vlabUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  url: httpsUrl.optional(),
  description: field.string({ max: 10_000 }).nullable().optional(),
  settings: vlabSettings.optional(),
  index: field.integer({ min: 0, max: 100_000 }).optional(),
});

/**
 * `POST /course/vlabs/{id}/results`, sent by the lab: whose result (`user_id` or `username`), the
 * score, and optionally the lab's attempt id, the attempt's end (ISO 8601) and duration.
 */
export const vlabResultRules = attributes({
  user_id: field.id().optional(),
  username: field.string({ min: 1, max: 100 }).optional(),
  score: field.number({ min: 0, max: 1_000_000 }),
  attempt_id: field.string({ min: 1, max: 100 }).optional(),
  finished_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant' }).optional(),
  duration_seconds: field.integer({ min: 0 }).optional(),
});
export type VlabResultInput = z.output<typeof vlabResultRules>;
