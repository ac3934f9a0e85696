import type { DataSource } from 'typeorm';
import { filterParameter, filterSql, type ParsedFilter, type ParsedQuery } from '@lms/jsonapi';

/**
 * The conditions of parsed filters over a hand-written statement, their values appended to
 * `parameters` (`$n` placeholders after those already there).
 */
export function filterConditions(filters: readonly ParsedFilter[], parameters: unknown[]): string[] {
  return filters.map((filter) => {
    const value = filterParameter(filter);
    if (value === undefined) return filterSql(filter, '');
    parameters.push(value);
    return filterSql(filter, `$${parameters.length}`);
  });
}

/**
 * One page of a hand-written `SELECT` (`rows`, aliased `page` when ordered) and the count of all
 * its rows, in one statement; a page past the end has no row to carry the count, so it is then
 * counted apart.
 */
export async function pageOfRows<Row>(
  dataSource: DataSource,
  rows: string,
  parameters: readonly unknown[],
  query: Pick<ParsedQuery, 'limit' | 'offset'>,
  orderBy: string,
): Promise<[Row[], number]> {
  const page: Array<Row & { total: string | number }> = await dataSource.query(
    `SELECT page.*, count(*) OVER () AS total FROM (${rows}) page
      ORDER BY ${orderBy}
      LIMIT $${parameters.length + 1} OFFSET $${parameters.length + 2}`,
    [...parameters, query.limit, query.offset],
  );
  if (page.length > 0) return [page, Number(page[0].total)];
  if (query.offset === 0) return [[], 0];
  const [{ total }]: Array<{ total: string }> = await dataSource.query(
    `SELECT count(*) AS total FROM (${rows}) page`,
    parameters,
  );
  return [[], Number(total)];
}
