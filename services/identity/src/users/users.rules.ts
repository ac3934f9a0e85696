import { attributes, field } from '@lms/jsonapi';
/** What a user may change of their own profile (`PATCH /course/users/:id`); anything else is a 422. */
export const ownProfileRules = attributes({
  thumbnail: field.string({ max: 500 }).nullable().optional(),
  notification_email: field.email({ max: 254 }).nullable().optional(),
});
