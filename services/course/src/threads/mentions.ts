import { plainTextOf } from '@lms/richtext';

/**
 * `@username` mentions in a rich text: the usernames after an `@` that does not continue a word,
 * an e-mail address or a path (`ana@example.org`, `https://x/@y` mention nobody), lower-cased,
 * each once, in order.
 * Usernames are letters, digits and `._-`; a trailing dot or dash is punctuation.
 */
export function mentionedUsernames(richText: string): string[] {
  const text = plainTextOf(richText);
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}_.@/-])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,99})/gu)) {
    names.add(match[1].replace(/[.-]+$/, '').toLowerCase());
  }
  return [...names];
}
