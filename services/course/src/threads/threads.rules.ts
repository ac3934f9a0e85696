import { attributePointer, attributes, field, unprocessable } from '@lms/jsonapi';

/** Longest thread body or reply, in characters of the HTML sent. */
export const MAX_POST_LENGTH = 100_000;
/** Most files one reply holds. */
export const MAX_REPLY_FILES = 5;

/** `POST /course/threads`: a thread on an activity (its course follows from the activity). */
export const threadCreateRules = attributes(
  {
    activity_id: field.id(),
    title: field.string({ min: 1, max: 255 }),
    body: field.string({ max: MAX_POST_LENGTH }),
  },
  { requiredTexts: { activity_id: 'Activity id is required' } },
);

/**
 * `PATCH /course/threads/{id}`: the author (or the staff) changes title and body; the staff alone
 * hide, lock and pin.
 */
export const threadUpdateRules = attributes({
  title: field.string({ min: 1, max: 255 }).optional(),
  body: field.string({ max: MAX_POST_LENGTH }).optional(),
  is_hidden: field.boolean().optional(),
  is_locked: field.boolean().optional(),
  is_pinned: field.boolean().optional(),
});

/**
 * `POST /course/thread/replies` (JSON, or multipart with files in `file` parts): a reply to the
 * thread, or to one of its replies (`thread_reply_id`). The text may be empty when files come.
 */
export const replyCreateRules = attributes({
  thread_id: field.id(),
  thread_reply_id: field.id().nullable().optional(),
  reply: field.string({ max: MAX_POST_LENGTH }).optional(),
});

/** `PATCH /course/thread/replies/{id}`: the author edits the text; the staff hide or show it. */
export const replyUpdateRules = attributes({
  reply: field.string({ max: MAX_POST_LENGTH }).optional(),
  is_hidden: field.boolean().optional(),
});

export { cleanRichText, requiredRichText } from '@lms/richtext';

/** A title as stored: trimmed; a 422 when only spaces were sent. */
export function titleOf(text: string): string {
  const title = text.trim();
  if (title === '')
    throw unprocessable([{ pointer: attributePointer('title'), detail: 'title is required' }]);
  return title;
}
