import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { badRequest, notFound } from './errors';

/**
 * Largest id a request may name: ids are `bigint` columns, read as JavaScript numbers, so the
 * largest exact one (2^53 − 1) — well inside PostgreSQL's bigint range.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

const DIGITS = /^\d+$/;

/**
 * An id from a path segment: a whole decimal number. Anything else is a 400; a number no row can
 * have (0, or beyond {@link MAX_ID}, such as 9223372036854775808) is a 404, as an unknown id is.
 */
export function parseId(text: string, name = 'id'): number {
  if (!DIGITS.test(text)) throw badRequest(`${name} must be a whole number, not "${text.slice(0, 40)}"`);
  const value = Number(text);
  if (value < 1 || value > MAX_ID) throw notFound();
  return value;
}

/** `@Param('id', ParseIdPipe) id: number`: {@link parseId} for a route parameter. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    return parseId(String(value), metadata.data ?? 'id');
  }
}

/**
 * An id of the query string (`course_id`, `filter[course_id]`): absent (or empty) is undefined,
 * or a 400 naming the parameter when `required`; given twice or not an id (a whole number from 1)
 * is a 400 naming it.
 */
export function queryId(value: unknown, name: string, required: true): number;
export function queryId(value: unknown, name: string, required: false): number | undefined;
export function queryId(value: unknown, name: string, required: boolean): number | undefined {
  if (value === undefined || value === '') {
    if (required) throw badRequest(`${name} is required`, name);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`, name);
  if (!DIGITS.test(value) || Number(value) < 1 || Number(value) > MAX_ID)
    throw badRequest(`${name} must be an id (a whole number from 1)`, name);
  return Number(value);
}

/**
 * A yes/no of the query string (`?dry_run=true`): absent or `false` is false, `true` or empty
 * (`?dry_run`) true; anything else a 400 naming the parameter.
 */
export function queryFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true' || value === '') return true;
  throw badRequest(`${name} is true or false`, name);
}
