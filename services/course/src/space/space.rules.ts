import { attributes, field } from '@lms/jsonapi';
import { SPACE_ITEM_KINDS } from './space-items.sql';

/** Longest note, in characters of the HTML sent. */
export const MAX_NOTE_LENGTH = 100_000;

/** `POST /course/bookmarks`: the item, by kind and id. */
export const bookmarkCreateRules = attributes(
  { kind: field.enum(SPACE_ITEM_KINDS), item_id: field.id() },
  { requiredTexts: { kind: 'Kind is required', item_id: 'Item id is required' } },
);

/** `POST /course/notes`: a note on a content (one per user and content). */
export const noteCreateRules = attributes(
  { content_id: field.id(), body: field.string({ max: MAX_NOTE_LENGTH }) },
  { requiredTexts: { content_id: 'Content id is required', body: 'Body is required' } },
);

/** `PATCH /course/notes/{id}`. */
export const noteUpdateRules = attributes({ body: field.string({ max: MAX_NOTE_LENGTH }) });
