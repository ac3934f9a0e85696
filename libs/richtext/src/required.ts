import { attributePointer, unprocessable } from '@lms/jsonapi';
import { hasVisibleContent, richTextOf } from './sanitize';

/**
 * Rich text as stored: sanitized (plain text becomes paragraphs); null when nothing visible is
 * left (an empty text, or only what the sanitizer removed).
 */
export function cleanRichText(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  const clean = richTextOf(text);
  return hasVisibleContent(clean) ? clean : null;
}

/** The sanitized text of a required rich-text attribute; a 422 at its pointer when nothing is left. */
export function requiredRichText(text: string | undefined, name: string): string {
  const clean = cleanRichText(text);
  if (clean === null)
    throw unprocessable([
      {
        pointer: attributePointer(name),
        detail: `${name} is required (nothing is left to show once unsafe HTML is removed)`,
      },
    ]);
  return clean;
}
