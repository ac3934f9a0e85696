import type { ReactNode } from 'react';

/** The words of a search as the API reads them: runs of letters and digits, lower-cased. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
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
