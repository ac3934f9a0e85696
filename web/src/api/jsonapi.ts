/**
 * JSON:API documents as the client uses them (spec 01 §3): attributes are flattened onto the
 * record next to `id`, an attribute named `type` becomes `{type}_type`, and relationships are
 * resolved from the `included` list (nested relationships too, cycles cut).
 */

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

export interface Document {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: { total?: number; [key: string]: unknown };
}

export type Flat = { id: string; [key: string]: unknown };

export interface Page<T> {
  items: T[];
  total: number;
}

const keyOf = (ref: ResourceIdentifier) => `${ref.type}:${ref.id}`;

export function deserialize<T extends { id: string } = Flat>(document: Document): T | T[] | null {
  const index = new Map<string, ResourceObject>();
  for (const resource of document.included ?? []) index.set(keyOf(resource), resource);
  const primary = Array.isArray(document.data) ? document.data : document.data ? [document.data] : [];
  for (const resource of primary) if (!index.has(keyOf(resource))) index.set(keyOf(resource), resource);

  const flatten = (resource: ResourceObject, path: Set<string>): Flat => {
    const record: Flat = { id: resource.id };
    for (const [name, value] of Object.entries(resource.attributes ?? {})) {
      record[name === 'type' ? `${resource.type}_type` : name] = value;
    }
    const inPath = new Set(path).add(keyOf(resource));
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      const data = relationship.data;
      if (data === undefined) continue;
      const resolve = (ref: ResourceIdentifier) => {
        const found = index.get(keyOf(ref));
        return found && !inPath.has(keyOf(ref)) ? flatten(found, inPath) : { id: ref.id };
      };
      record[name] = data === null ? null : Array.isArray(data) ? data.map(resolve) : resolve(data);
    }
    return record;
  };

  if (Array.isArray(document.data)) return document.data.map((resource) => flatten(resource, new Set()) as T);
  return document.data ? (flatten(document.data, new Set()) as T) : null;
}

export function deserializeOne<T extends { id: string }>(document: Document): T {
  const result = deserialize<T>(document);
  if (!result || Array.isArray(result)) throw new Error('Expected a single resource');
  return result;
}

export function deserializePage<T extends { id: string }>(document: Document): Page<T> {
  const result = deserialize<T>(document);
  const items = Array.isArray(result) ? result : result ? [result] : [];
  return { items, total: document.meta?.total ?? items.length };
}

/** Query parameters in the API's grammar: filter[f][op], sort, page[limit|offset], include. */
export interface ListQuery {
  filter?: Record<string, Record<string, string | number | boolean | Array<string | number>>>;
  sort?: string;
  include?: string[];
  limit?: number;
  offset?: number;
}

export function toSearchParams(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [field, ops] of Object.entries(query.filter ?? {})) {
    for (const [op, value] of Object.entries(ops)) {
      params.append(`filter[${field}][${op}]`, Array.isArray(value) ? value.join(',') : String(value));
    }
  }
  if (query.sort) params.set('sort', query.sort);
  if (query.include?.length) params.set('include', query.include.join(','));
  if (query.limit !== undefined) params.set('page[limit]', String(query.limit));
  if (query.offset !== undefined) params.set('page[offset]', String(query.offset));
  return params.toString();
}

/** Page-number style of a limit/offset pair (spec 01 §9): size = limit, page = floor(offset/limit)+1. */
export function toPageNumber(limit: number, offset: number): { size: number; page: number } {
  if (limit <= 0) return { size: limit, page: 1 };
  return { size: limit, page: Math.floor(offset / limit) + 1 };
}

export function pageCount(total: number, limit: number): number {
  return limit <= 0 ? 1 : Math.max(1, Math.ceil(total / limit));
}

/** A request body of attributes (`{data: {attributes}}`). */
export const attributesBody = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/** A collection document as a list (a single resource or none become a list of one or none). */
export function deserializeList<T extends { id: string }>(document: Document): T[] {
  const result = deserialize<T>(document);
  return Array.isArray(result) ? result : result ? [result] : [];
}
