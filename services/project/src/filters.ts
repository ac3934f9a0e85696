import { badRequest, type ParsedQuery } from '@lms/jsonapi';

/** The id of a list's required `filter[name]=id` (400 without it). */
export function requiredFilterId(query: ParsedQuery, name: string): number {
  const filter = query.filters.find((f) => f.field === name && f.op === 'is');
  if (!filter || typeof filter.value !== 'number')
    throw badRequest(`filter[${name}] is required`, `filter[${name}]`);
  return filter.value;
}
