import type { ReactNode } from 'react';

/** A term of a search: an optional `-`, then a quoted phrase or a run of non-spaces (as the API reads it). */
const TERM = /(-?)(?:"([^"]*)"?|([^\s"]+))/g;

/**
 * The words a search finds, to mark them: those of its terms but the ones left out (`-word`,
 * `-"a phrase"`) and the `OR` between two terms; runs of letters and digits, lower-cased.
 */
export function searchWords(search: string): string[] {
  const found = [...search.toLowerCase().matchAll(TERM)].filter(
    ([, minus, , word]) => minus === '' && word !== 'or',
  );
  return found.flatMap(([, , phrase, word]) => (phrase ?? word).match(/[\p{L}\p{N}]+/gu) ?? []);
}

/**
 * `text` with every word that begins with one of `words` in a `<mark>` — the API finds words by
 * their beginning ("algo" finds "Algoritma"), so that is what is marked.
 */
export function Marked({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(from, match.index), <mark key={match.index}>{match[0]}</mark>);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
