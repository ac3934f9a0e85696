import { attributes, field } from '@lms/jsonapi';
import { LANGUAGES } from '../users/preferences';

/**
 * What a campus's administrators set of it (`PATCH /course/lptks/:id`): the interface language of
 * whoever has not chosen one (null: none, the browser's applies); anything else is a 422.
 */
export const campusSettingsRules = attributes({
  default_language: field.enum(LANGUAGES).nullable().optional(),
});
