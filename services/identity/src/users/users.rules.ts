import { attributes, field, z } from '@lms/jsonapi';
import { LANGUAGES, THEMES } from './preferences';

/**
 * What a user may change of their own profile (`PATCH /course/users/:id`): remove their picture
 * (thumbnail null; a picture is uploaded to `POST /course/users/:id/avatar`, never named by an
 * address of anywhere), notification e-mail, and the interface language and theme they chose
 * (null forgets the choice); anything else, or a language or theme the client does not have, is a 422.
 */
export const ownProfileRules = attributes({
  thumbnail: z
    .null({
      error: 'only takes null (no picture); a picture is uploaded to POST /api/course/users/{id}/avatar',
    })
    .optional(),
  notification_email: field.email({ max: 254 }).nullable().optional(),
  language: field.enum(LANGUAGES).nullable().optional(),
  theme: field.enum(THEMES).nullable().optional(),
});
