import { attributes, field } from '@lms/jsonapi';

/** Most students in one group. */
export const MAX_GROUP_MEMBERS = 100;

/** `POST /course/task/{id}/groups` (staff): a group of the task with its students. */
export const groupCreateRules = attributes({
  name: field.string({ min: 1, max: 255 }),
  student_ids: field.idList({ max: MAX_GROUP_MEMBERS }).optional(),
});

/** `PATCH /course/task/{id}/groups/{groupId}`: a new name, and the members (all of them) when sent. */
export const groupUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  student_ids: field.idList({ max: MAX_GROUP_MEMBERS }).optional(),
});
