import { attributes, field } from '@lms/jsonapi';
import { LANGUAGES, THEMES } from './preferences';

/**
 * What a user may change of their own profile (`PATCH /course/users/:id`): picture, notification
 * e-mail, and the interface language and theme they chose (null forgets the choice); anything
 * else, or a language or theme the client does not have, is a 422.
 */
export const ownProfileRules = attributes({
  thumbnail: field.string({ max: 500 }).nullable().optional(),
  notification_email: field.email({ max: 254 }).nullable().optional(),
  language: field.enum(LANGUAGES).nullable().optional(),
  theme: field.enum(THEMES).nullable().optional(),
});
