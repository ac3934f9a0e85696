import type { DataSource, EntityManager } from 'typeorm';

/**
 * The text-search configuration of the course service's searches (the global search, notes):
 * `simple` (words as written, no stemming), since the service knows no user's language and a
 * campus writes in more than one.
 */
export const SEARCH_CONFIG = 'simple';

/** One term of what was typed: a word, or a "quoted phrase"; `-` before it leaves it out. */
export interface SearchTerm {
  text: string;
  phrase: boolean;
  excluded: boolean;
  /** Terms of one group are alternatives (`a OR b`); every group must match. */
  group: number;
}

/** A term: an optional `-`, then a quoted phrase (its closing quote optional) or a run of non-spaces. */
const TERM = /(-?)(?:"([^"]*)"?|([^\s"]+))/g;

/**
 * What was typed as its terms, the syntax of web search engines: words (each found by its
 * beginning), "quoted phrases" (their words in that order), `-word` or `-"a phrase"` left out,
 * and `OR` between two terms making them alternatives (binding tighter than the spaces between
 * the others, as PostgreSQL's websearch_to_tsquery reads it).
 */
export function searchTerms(typed: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let alternative = false;
  for (const [, minus, phrase, word] of typed.matchAll(TERM)) {
    if (phrase === undefined && minus === '' && word.toLowerCase() === 'or' && terms.length > 0) {
      alternative = true;
      continue;
    }
    const group = terms.length === 0 ? 0 : terms[terms.length - 1].group + (alternative ? 0 : 1);
    terms.push({ text: phrase ?? word, phrase: phrase !== undefined, excluded: minus === '-', group });
    alternative = false;
  }
  return terms;
}

/** A lexeme as a tsquery operand: quoted, its quotes and backslashes doubled. */
const operand = (lexeme: string) => `'''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * The tsquery (as text) of terms given as arrays ($1 text, $2 phrase, $3 excluded, $4 group):
 * a word is all the lexemes the configuration reads in it, each as a prefix (`'algo':*`, so
 * "algo" finds "Algoritma"); a phrase is phraseto_tsquery's. A term holding no word is dropped.
 * NULL when nothing is left to find but words to leave out.
 */
const SEARCH_QUERY_SQL = `
  WITH term AS (
    SELECT given.position, given.excluded, given.grp,
           CASE WHEN given.phrase THEN nullif(phraseto_tsquery('${SEARCH_CONFIG}', given.text)::text, '')
                ELSE (SELECT string_agg(${operand('word.lexeme')} || ':*', ' & ' ORDER BY word.lexeme)
                        FROM unnest(to_tsvector('${SEARCH_CONFIG}', given.text)) AS word) END AS query
      FROM unnest($1::text[], $2::boolean[], $3::boolean[], $4::int[])
           WITH ORDINALITY AS given(text, phrase, excluded, grp, position)
  ), grouped AS (
    SELECT grp, bool_and(excluded) AS excluded_only,
           string_agg(CASE WHEN excluded THEN '!' ELSE '' END || '(' || query || ')', ' | ' ORDER BY position) AS query
      FROM term WHERE query IS NOT NULL GROUP BY grp
  )
  SELECT CASE WHEN bool_or(NOT excluded_only) THEN string_agg('(' || query || ')', ' & ' ORDER BY grp) END AS query
    FROM grouped`;

/**
 * The tsquery of what was typed (searchTerms), to be given as `$n::tsquery`; null when it holds
 * nothing to find (only punctuation, or only words to leave out): such a search finds nothing.
 */
export async function searchQuery(db: DataSource | EntityManager, typed: string): Promise<string | null> {
  const terms = searchTerms(typed);
  if (terms.length === 0) return null;
  const [{ query }]: Array<{ query: string | null }> = await db.query(SEARCH_QUERY_SQL, [
    terms.map((term) => term.text),
    terms.map((term) => term.phrase),
    terms.map((term) => term.excluded),
    terms.map((term) => term.group),
  ]);
  return query;
}
