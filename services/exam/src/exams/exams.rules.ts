import { isIP } from 'node:net';
import { attributes, field, z } from '@lms/jsonapi';
import { FINAL_SCORE_TYPES } from './exam.entity';

/** Most addresses and ranges one exam may list. */
export const MAX_IP_WHITELIST = 200;

/** Whether `entry` is an IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
export function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const ipEntry = z
  .string({ error: 'must be a string' })
  .trim()
  .refine(isAddressOrRange, { message: 'must be an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8)' });

/** The settings of an exam a write may send (spec 02 §3); `type` is also read as `exams_type`. */
const settings = {
  activity_id: field.id().nullable().optional(),
  name: field.string({ min: 1, max: 255 }),
  type: field.string({ max: 50 }).nullable().optional(),
  exams_type: field.string({ max: 50 }).nullable().optional(),
  start_at: field.date().nullable().optional(),
  end_at: field.date().nullable().optional(),
  passing_grade: field.number({ min: 0, max: 100 }).optional(),
  package: field.integer({ min: 1, max: 100 }).optional(),
  is_published: field.boolean().optional(),
  is_finished: field.boolean().optional(),
  is_show_solution: field.boolean().optional(),
  is_show_score: field.boolean().optional(),
  retry: field.integer({ min: 0, max: 100 }).optional(),
  is_back: field.boolean().optional(),
  is_duration: field.boolean().optional(),
  duration: field.integer({ min: 1, max: 10080 }).nullable().optional(),
  intro: field.string({ max: 100_000 }).nullable().optional(),
  is_shuffle: field.boolean().optional(),
  final_score_type: field.enum(FINAL_SCORE_TYPES).optional(),
  is_restricted_ip: field.boolean().optional(),
  ip_whitelists: field.array(ipEntry, { max: MAX_IP_WHITELIST }).optional(),
  is_safe: field.boolean().optional(),
  is_mobile: field.boolean().optional(),
  is_airplane: field.boolean().optional(),
  is_network_change: field.boolean().optional(),
  is_minimize: field.boolean().optional(),
  is_incoming_call: field.boolean().optional(),
  is_sms: field.boolean().optional(),
  is_token: field.boolean().optional(),
  is_show_solution_directly: field.boolean().optional(),
  use_autograder: field.boolean().optional(),
  auto_apply_scoregrader: field.boolean().optional(),
  /** The classes it is for (of its course); empty: every class. */
  class_ids: field.idList({ max: 500 }).optional(),
};

/** `POST /exam/exams`. */
export const examCreateRules = attributes({ course_id: field.id(), ...settings });

/** `PATCH /exam/exams/:id`: only the fields sent change; the course stays. */
export const examUpdateRules = attributes({
  course_id: field.id().optional(),
  ...settings,
  name: settings.name.optional(),
});

export type ExamSettings = Partial<z.output<typeof examUpdateRules>>;

/** `POST /exam/exams/token`: a new token for the exam. */
export const tokenRules = attributes({
  exam_id: field.id(),
  token_length: field.integer({ min: 4, max: 16 }).optional(),
  /** Minutes it stays valid. */
  token_duration: field.integer({ min: 1, max: 10080 }).optional(),
  token_reconnect: field.boolean().optional(),
});

/** One change of `PUT /exam/exams/assistant`. */
export const assistantChange = z.strictObject({
  action: field.enum(['add', 'remove']),
  exam_id: field.id(),
  user_ids: field.idList({ min: 1, max: 100 }),
});
export const assistantRules = field.array(assistantChange, { min: 1, max: 50 });
