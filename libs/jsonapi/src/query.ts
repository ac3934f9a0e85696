import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { badRequest } from './errors';
import { INT4_MAX } from './schema';
import { parseWireDate } from './wire-date';

export const FILTER_OPS = ['is', 'not', 'in', 'like', 'gt', 'gte', 'lt', 'lte', 'null'] as const;

/** `filter[field][op]=value`; `filter[field]=value` means `is`. */
export type FilterOp = (typeof FILTER_OPS)[number];

/**
 * How a filter value is read: `integer` (whole numbers; use it for id and bigint columns, where a
 * decimal would make PostgreSQL fail), `number` (integer or decimal), `string`, `boolean`
 * (`1`, `0`, `true`, `false`) or `date` (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` in the tenant's zone).
 */
export type FilterType = 'integer' | 'number' | 'string' | 'boolean' | 'date';

export interface FilterField {
  /** The SQL column, `alias.column_name` of the query builder the query is applied to. Trusted. */
  column: string;
  type: FilterType;
  /**
   * Operators the field accepts; by default those that make sense for its type (DEFAULT_FILTER_OPS).
   * `like` is for text columns only.
   */
  ops?: readonly FilterOp[];
  /**
   * The column is a PostgreSQL `integer` (not `bigint`): an `integer` filter value outside its
   * range is a 400 rather than a query PostgreSQL refuses.
   */
  int32?: boolean;
}

/** The allow-list of one resource: what a client may filter, sort and include, and page sizes. */
export interface QuerySpec {
  filters: Record<string, FilterField>;
  /** Sort field name → SQL column (`alias.column_name`). */
  sorts: Record<string, string>;
  /** Include paths (`modules`, `modules.activities`); each one must be listed. */
  includes?: readonly string[];
  /** Sort used when the request has none, in the request's grammar (`-updated_at`). */
  defaultSort?: string;
  /** Page size when the request gives none; 10. */
  defaultLimit?: number;
  /** Hard maximum page size, also the size of "all" (`page[limit]=0` or `-1`); 1000. */
  maxLimit?: number;
}

/** The querystring as Fastify parses it: bracket keys stay flat (`'filter[name][like]': 'x'`). */
export type RawQuery = Record<string, string | string[] | undefined>;

export type FilterValue = string | number | boolean | Date;

export interface ParsedFilter {
  field: string;
  column: string;
  op: FilterOp;
  /**
   * Typed by the field's type; a list for `in`; for `like` the text as sent (escaped when applied);
   * for `null` true (IS NULL) or false (IS NOT NULL).
   */
  value: FilterValue | FilterValue[];
}

export interface ParsedSort {
  column: string;
  direction: 'ASC' | 'DESC';
}

export interface ParsedQuery {
  filters: ParsedFilter[];
  sort: ParsedSort[];
  include: string[];
  limit: number;
  offset: number;
}

export interface ParseQueryOptions {
  /** Zone in which date filter values are read (the tenant's); UTC by default. */
  timeZone?: string;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
/** Most items one `in` filter may list. */
export const MAX_IN_VALUES = 1000;

const COMPARISONS: readonly FilterOp[] = ['is', 'not', 'in', 'gt', 'gte', 'lt', 'lte', 'null'];

export const DEFAULT_FILTER_OPS: Readonly<Record<FilterType, readonly FilterOp[]>> = {
  string: ['is', 'not', 'in', 'like', 'null'],
  integer: COMPARISONS,
  number: COMPARISONS,
  date: COMPARISONS,
  boolean: ['is', 'not', 'null'],
};

const FAMILIES = ['filter', 'page', 'sort', 'include', 'limit', 'offset'] as const;
type Family = (typeof FAMILIES)[number];

const FILTER_KEY = /^filter\[([^[\]]+)\](?:\[([^[\]]+)\])?$/;
const PAGE_KEY = /^page\[(limit|offset)\]$/;
const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function familyOf(key: string): Family | undefined {
  return FAMILIES.find((family) => key === family || key.startsWith(`${family}[`));
}

function isFilterOp(op: string): op is FilterOp {
  return (FILTER_OPS as readonly string[]).includes(op);
}

function listOrNone(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none';
}

/** A querystring value as text, or as the list of texts of a repeated key. */
function textOf(value: unknown, parameter: string): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw badRequest(`${parameter} must be a plain value`, parameter);
}

function single(value: string | string[], parameter: string): string {
  if (typeof value === 'string') return value;
  throw badRequest(`${parameter} must be given once, not ${value.length} times`, parameter);
}

function plainText(text: string, parameter: string): string {
  if (text.includes('\u0000')) throw badRequest(`${parameter} must not contain NUL characters`, parameter);
  return text;
}

function parseScalar(
  text: string,
  type: FilterType,
  parameter: string,
  timeZone: string,
  int32 = false,
): FilterValue {
  switch (type) {
    case 'string':
      return plainText(text, parameter);
    case 'integer': {
      const value = Number(text);
      if (!INTEGER.test(text) || !Number.isSafeInteger(value)) {
        throw badRequest(`${parameter} must be a whole number, not "${text}"`, parameter);
      }
      if (int32 && Math.abs(value) > INT4_MAX) {
        throw badRequest(`${parameter} must be between -${INT4_MAX} and ${INT4_MAX}`, parameter);
      }
      return value;
    }
    case 'number': {
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value)) {
        throw badRequest(`${parameter} must be a number, not "${text}"`, parameter);
      }
      return value;
    }
    case 'boolean':
      if (text === '1' || text === 'true') return true;
      if (text === '0' || text === 'false') return false;
      throw badRequest(`${parameter} must be 1, 0, true or false, not "${text}"`, parameter);
    case 'date':
      try {
        return parseWireDate(text, timeZone);
      } catch {
        throw badRequest(
          `${parameter} must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss, not "${text}"`,
          parameter,
        );
      }
  }
}

function parseFilter(key: string, raw: string | string[], spec: QuerySpec, timeZone: string): ParsedFilter {
  const match = FILTER_KEY.exec(key);
  if (!match) throw badRequest(`${key} is not a filter; use filter[field][operator]=value`, key);
  const [, field, op = 'is'] = match;
  if (!isFilterOp(op)) {
    throw badRequest(`${key}: unknown operator "${op}"; operators are ${FILTER_OPS.join(', ')}`, key);
  }
  if (!Object.hasOwn(spec.filters, field)) {
    throw badRequest(
      `Cannot filter by ${field}; filterable fields: ${listOrNone(Object.keys(spec.filters))}`,
      key,
    );
  }
  const { column, type, ops = DEFAULT_FILTER_OPS[type], int32 } = spec.filters[field];
  if (!ops.includes(op)) {
    throw badRequest(`${field} cannot be filtered with ${op}; use ${ops.join(', ')}`, key);
  }

  if (op === 'in') {
    const items = (typeof raw === 'string' ? [raw] : raw)
      .flatMap((value) => value.split(','))
      .map((item) => item.trim());
    if (items.some((item) => item === '')) {
      throw badRequest(`${key} must be a comma-separated list of values`, key);
    }
    if (items.length > MAX_IN_VALUES) {
      throw badRequest(`${key} may list at most ${MAX_IN_VALUES} values`, key);
    }
    return { field, column, op, value: items.map((item) => parseScalar(item, type, key, timeZone, int32)) };
  }
  const text = single(raw, key);
  if (op === 'null') {
    return { field, column, op, value: parseScalar(text, 'boolean', key, timeZone) };
  }
  if (op === 'like') return { field, column, op, value: plainText(text, key) };
  return { field, column, op, value: parseScalar(text, type, key, timeZone, int32) };
}

function parseSort(
  text: string,
  sorts: Record<string, string>,
  fail: (detail: string) => Error,
): ParsedSort[] {
  const seen = new Set<string>();
  return text.split(',').map((item) => {
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1) : item;
    if (name === '') {
      throw fail('sort must be a comma-separated list of fields, each optionally prefixed with -');
    }
    if (!Object.hasOwn(sorts, name)) {
      throw fail(`Cannot sort by ${name}; sortable fields: ${listOrNone(Object.keys(sorts))}`);
    }
    if (seen.has(name)) throw fail(`sort lists ${name} more than once`);
    seen.add(name);
    return { column: sorts[name], direction: descending ? 'DESC' : 'ASC' };
  });
}

function parseInclude(text: string, allowed: readonly string[]): string[] {
  if (text === '') return [];
  const paths = text.split(',');
  for (const path of paths) {
    if (path === '') throw badRequest('include must be a comma-separated list of paths', 'include');
    if (!allowed.includes(path)) {
      throw badRequest(`Cannot include ${path}; includable paths: ${listOrNone(allowed)}`, 'include');
    }
  }
  return [...new Set(paths)];
}

function parseCount(text: string, parameter: string): number {
  const value = Number(text);
  if (!INTEGER.test(text) || !Number.isSafeInteger(value)) {
    throw badRequest(`${parameter} must be an integer, not "${text}"`, parameter);
  }
  return value;
}

/**
 * Reads filters, sort, include and paging from a request's querystring against the resource's
 * allow-list. Anything malformed, unknown or not allowed is a 400 whose `source.parameter` is
 * the offending key. Keys outside the grammar (`archived`, `course_id`) are left to the caller.
 */
export function parseQuery(raw: RawQuery, spec: QuerySpec, options: ParseQueryOptions = {}): ParsedQuery {
  const timeZone = options.timeZone ?? 'UTC';
  const maxLimit = spec.maxLimit ?? MAX_LIMIT;
  const filters: ParsedFilter[] = [];
  const paging: Partial<Record<'page[limit]' | 'page[offset]' | 'limit' | 'offset', string>> = {};
  let sortText: string | undefined;
  let includeText: string | undefined;

  for (const [key, value] of Object.entries(raw)) {
    const family = familyOf(key);
    if (family === undefined || value === undefined) continue;
    const text = textOf(value, key);
    switch (family) {
      case 'filter':
        filters.push(parseFilter(key, text, spec, timeZone));
        break;
      case 'page': {
        if (!PAGE_KEY.test(key)) {
          throw badRequest(`${key} is not a paging parameter; use page[limit] and page[offset]`, key);
        }
        paging[key as 'page[limit]' | 'page[offset]'] = single(text, key);
        break;
      }
      case 'sort':
      case 'include':
      case 'limit':
      case 'offset': {
        if (key !== family) throw badRequest(`${key} is not a valid parameter; use ${family}`, key);
        if (family === 'sort') sortText = single(text, key);
        else if (family === 'include') includeText = single(text, key);
        else paging[family] = single(text, key);
        break;
      }
    }
  }

  let limit = Math.min(spec.defaultLimit ?? DEFAULT_LIMIT, maxLimit);
  let offset = 0;
  for (const name of ['limit', 'offset'] as const) {
    const pageKey = `page[${name}]` as const;
    if (paging[pageKey] !== undefined && paging[name] !== undefined) {
      throw badRequest(`Give either ${pageKey} or ${name}, not both`, name);
    }
  }
  const limitKey = paging['page[limit]'] !== undefined ? 'page[limit]' : 'limit';
  const limitText = paging[limitKey];
  if (limitText !== undefined) {
    const requested = parseCount(limitText, limitKey);
    if (requested < -1) throw badRequest(`${limitKey} must be positive, or 0 or -1 for all`, limitKey);
    if (requested > maxLimit) throw badRequest(`${limitKey} must be at most ${maxLimit}`, limitKey);
    limit = requested <= 0 ? maxLimit : requested;
  }
  const offsetKey = paging['page[offset]'] !== undefined ? 'page[offset]' : 'offset';
  const offsetText = paging[offsetKey];
  if (offsetText !== undefined) {
    offset = parseCount(offsetText, offsetKey);
    if (offset < 0) throw badRequest(`${offsetKey} must be 0 or more`, offsetKey);
  }

  let sort: ParsedSort[] = [];
  if (sortText !== undefined && sortText !== '') {
    sort = parseSort(sortText, spec.sorts, (detail) => badRequest(detail, 'sort'));
  } else if (spec.defaultSort !== undefined) {
    sort = parseSort(spec.defaultSort, spec.sorts, (detail) => new Error(`QuerySpec.defaultSort: ${detail}`));
  }

  const include = includeText === undefined ? [] : parseInclude(includeText, spec.includes ?? []);
  return { filters, sort, include, limit, offset };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern (backslash is PostgreSQL's escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const COMPARISON_SQL = { is: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * One parsed filter as an SQL condition, its value bound at `placeholder` (unused by `null`).
 * Uses PostgreSQL's ILIKE, IS DISTINCT FROM and `= ANY(array)`, so that an `in` list of any length
 * is one parameter and the text depends only on the field and the operator.
 */
export function filterSql({ column, op, value }: ParsedFilter, placeholder: string): string {
  switch (op) {
    case 'null':
      return `${column} ${value === true ? 'IS NULL' : 'IS NOT NULL'}`;
    case 'in':
      return `${column} = ANY(${placeholder})`;
    case 'like':
      return `${column} ILIKE ${placeholder}`;
    case 'not':
      return `${column} IS DISTINCT FROM ${placeholder}`;
    default:
      return `${column} ${COMPARISON_SQL[op]} ${placeholder}`;
  }
}

/** The value bound for a filter: a `like` text becomes its contains-pattern; undefined for `null`. */
export function filterParameter({ op, value }: ParsedFilter): unknown {
  if (op === 'null') return undefined;
  if (op === 'like') return `%${escapeLike(String(value))}%`;
  return value;
}

export interface ApplyQueryOptions {
  /** Add skip/take for the parsed page; true by default (false for exports and counts). */
  paginate?: boolean;
}

/**
 * Adds the parsed filters (AND), sort and page to a query builder. Values always travel as
 * parameters with names unused in the builder; columns come from the allow-list. The order ends
 * with `<alias>.id` so that pages are stable. Conditions as `filterSql` writes them.
 */
export function applyQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  parsed: ParsedQuery,
  options: ApplyQueryOptions = {},
): SelectQueryBuilder<T> {
  const used = new Set(Object.keys(qb.getParameters()));
  let counter = 0;
  const parameterName = (): string => {
    let name: string;
    do name = `jsonapi_${counter++}`;
    while (used.has(name));
    used.add(name);
    return name;
  };

  for (const filter of parsed.filters) {
    if (filter.op === 'null') {
      qb.andWhere(filterSql(filter, ''));
      continue;
    }
    const name = parameterName();
    qb.andWhere(filterSql(filter, `:${name}`), { [name]: filterParameter(filter) });
  }

  for (const { column, direction } of parsed.sort) qb.addOrderBy(column, direction);
  const idColumn = `${qb.alias}.id`;
  if (!Object.hasOwn(qb.expressionMap.orderBys, idColumn)) qb.addOrderBy(idColumn, 'ASC');

  if (options.paginate ?? true) qb.skip(parsed.offset).take(parsed.limit);
  return qb;
}

/** `meta` of a list response: `{ total, limit, offset }`. */
export function pageMeta(
  total: number,
  parsed: ParsedQuery,
): { total: number; limit: number; offset: number } {
  return { total, limit: parsed.limit, offset: parsed.offset };
}
