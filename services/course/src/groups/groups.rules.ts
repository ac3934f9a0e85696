import { attributes, field, z } from '@lms/jsonapi';

/** Most students in one group, and most groups a generation makes. */
export const MAX_GROUP_MEMBERS = 200;
export const MAX_GENERATED_GROUPS = 500;

/** A member as written: `{id, is_leader}` (the spec's `users`) or `{user_id, is_leader}` (its `details`). */
const member = z.union([
  field.object({ id: field.id(), is_leader: field.boolean().optional() }),
  field.object({ user_id: field.id(), is_leader: field.boolean().optional() }),
]);
export type MemberInput = z.output<typeof member>;

const members = field.array(member, { max: MAX_GROUP_MEMBERS });
const setName = field.string({ min: 1, max: 100 });
const groupName = field.string({ min: 1, max: 255 });
const packageLabel = field.string({ max: 100 }).nullable();

/** `POST /course/groups`: a group of a set, with its members (`users` or `details`). */
export const groupCreateRules = attributes(
  {
    course_id: field.id(),
    type: setName,
    name: groupName,
    package: packageLabel.optional(),
    users: members.optional(),
    details: members.optional(),
  },
  { requiredTexts: { course_id: 'Course id is required' } },
);

/**
 * `PATCH /course/groups/{id}`: a new name or package; `users` (or `details`), when sent, become
 * its members (all of them). `move: true` takes a student who is in another group of the set out
 * of it (a move); without it that is a 422.
 */
export const groupUpdateRules = attributes({
  name: groupName.optional(),
  package: packageLabel.optional(),
  users: members.optional(),
  details: members.optional(),
  move: field.boolean().optional(),
});

/**
 * `POST /course/groups/generate`: the students of the course (or of one class) shuffled by `seed`
 * into groups of `student_count` or into `group_count` groups named `<name> 1…n`, replacing the
 * set `type`. `preview: true` answers the groups without saving them.
 */
export const groupGenerateRules = attributes(
  {
    course_id: field.id(),
    type: setName,
    name: field.string({ min: 1, max: 240 }),
    student_count: field.integer({ min: 1, max: MAX_GROUP_MEMBERS }).optional(),
    group_count: field.integer({ min: 1, max: MAX_GENERATED_GROUPS }).optional(),
    package: packageLabel.optional(),
    class_id: field.id().optional(),
    seed: z.union([field.string({ min: 1, max: 100 }), field.integer({ min: 0 })]).optional(),
    preview: field.boolean().optional(),
  },
  { requiredTexts: { course_id: 'Course id is required' } },
);
export type GroupGenerateInput = z.output<typeof groupGenerateRules>;
