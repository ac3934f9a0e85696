import type { z } from 'zod';
import { badRequest } from './errors';
import { formatWireDate } from './wire-date';

/**
 * How an entity (or any view object) of type T appears on the wire, for a reader V (the caller,
 * when attributes depend on who reads). Attributes named `type` are sent as `<type>_type` and
 * attributes named `id` are dropped, as JSON:API reserves both names. Build it with
 * `defineResource` (`./resource`), which ties `attributes` to `schema`: the schema documents the
 * resource in the OpenAPI document, so the two cannot say different things.
 */
export interface ResourceType<T, V = unknown> {
  /** Its schema's name in the OpenAPI document (`Course`, `PublicCourse`): one per wire shape. */
  name: string;
  /** JSON:API type, plural (`courses`). */
  type: string;
  /** The attributes as `attributes` returns them (dates as `z.date()`, written as wire dates). */
  schema: z.ZodObject;
  /** The resource id; `entity.id` by default. Sent as a string. */
  id?: (entity: T) => string | number;
  attributes: (entity: T, viewer: V) => Record<string, unknown>;
  relationships?: Record<string, Relationship<T>>;
}

/**
 * A relationship of T. Build it with `toOne()` or `toMany()`, which tie `get`'s result to
 * `resource`. `ResourceType<never, never>` accepts a resource type of any entity and reader.
 */
export interface Relationship<T> {
  resource: () => ResourceType<never, never>;
  /** A list of resources (`data: [...]`) rather than one or null. */
  many: boolean;
  /** The related entity, entities or null; undefined when not loaded (then the relationship is left out). */
  get: (entity: T) => unknown;
}

/** A relationship to one resource of type R (or none: `data: null`), read from a T with `get`. */
export function toOne<T, R>(
  resource: () => ResourceType<R, never>,
  get: (entity: T) => R | null | undefined,
): Relationship<T> {
  return { resource, many: false, get };
}

/** A relationship to a list of resources of type R, read from a T with `get`. */
export function toMany<T, R>(
  resource: () => ResourceType<R, never>,
  get: (entity: T) => readonly R[] | undefined,
): Relationship<T> {
  return { resource, many: true, get };
}

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
}

export interface ToDocumentOptions {
  /** Include paths to embed in `included` (`modules`, `modules.activities`), already allow-listed. */
  include?: readonly string[];
  meta?: Record<string, unknown>;
  /** Zone in which Date attributes are written (the tenant's); UTC by default. */
  timeZone?: string;
  /** Who reads the document, passed to every resource's `attributes` (the caller's auth). */
  viewer?: unknown;
}

/**
 * The one place where a resource of an unknown entity type is used: `relation()` guarantees that
 * the entities passed here are the ones the resource was written for.
 */
function erased(resource: ResourceType<never, never>): ResourceType<unknown> {
  return resource as ResourceType<unknown>;
}

function idOf(resource: ResourceType<unknown>, entity: unknown): string {
  const id = resource.id ? resource.id(entity) : (entity as { id?: unknown } | null)?.id;
  if (typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint') return String(id);
  throw new Error(`A ${resource.type} resource has no id`);
}

/**
 * Dates become wire dates, also inside arrays and plain objects (JSON columns); the rest is kept.
 * A list or object with no date inside is answered as it is, not copied (a large grid's rows).
 */
function wireValue(value: unknown, timeZone: string): unknown {
  if (value instanceof Date) return formatWireDate(value, timeZone);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, at) => {
      const wired = wireValue(item, timeZone);
      if (wired !== item) (copy ??= [...value])[at] = wired;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const object = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(object)) {
      const item = object[key];
      const wired = wireValue(item, timeZone);
      if (wired !== item) (copy ??= { ...object })[key] = wired;
    }
    return copy ?? value;
  }
  return value;
}

function wireAttributes(resource: ResourceType<unknown>, entity: unknown, timeZone: string, viewer: unknown) {
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(resource.attributes(entity, viewer))) {
    if (name === 'id') continue;
    attributes[name === 'type' ? `${resource.type}_type` : name] = wireValue(value, timeZone);
  }
  return attributes;
}

function related(value: unknown): readonly unknown[] {
  if (value === null || value === undefined) return [];
  return isList(value) ? value : [value];
}

class DocumentBuilder {
  private readonly included = new Map<string, ResourceObject>();
  private readonly primary = new Set<string>();

  constructor(
    private readonly timeZone: string,
    private readonly viewer: unknown,
  ) {}

  resourceObject(resource: ResourceType<unknown>, entity: unknown): ResourceObject {
    const object: ResourceObject = {
      id: idOf(resource, entity),
      type: resource.type,
      attributes: wireAttributes(resource, entity, this.timeZone, this.viewer),
    };
    const relationships: NonNullable<ResourceObject['relationships']> = {};
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      const value = relationship.get(entity);
      if (value === undefined) continue;
      const target = erased(relationship.resource());
      const identifier = (item: unknown): ResourceIdentifier => ({
        type: target.type,
        id: idOf(target, item),
      });
      relationships[name] = {
        data: value === null ? null : isList(value) ? value.map(identifier) : identifier(value),
      };
    }
    if (Object.keys(relationships).length > 0) object.relationships = relationships;
    return object;
  }

  addPrimary(objects: ResourceObject[]): ResourceObject[] {
    const unique: ResourceObject[] = [];
    for (const object of objects) {
      const key = `${object.type}:${object.id}`;
      if (this.primary.has(key)) continue;
      this.primary.add(key);
      unique.push(object);
    }
    return unique;
  }

  /** Walks one include path (`modules.activities`) from the primary entities, adding what it meets. */
  include(resource: ResourceType<unknown>, entities: readonly unknown[], path: string): void {
    let current = resource;
    let level: readonly unknown[] = entities;
    for (const name of path.split('.')) {
      const relationships = current.relationships ?? {};
      if (!Object.hasOwn(relationships, name)) {
        throw new Error(`Resource ${current.type} has no relationship ${name} (include path ${path})`);
      }
      const relationship = relationships[name];
      const target = erased(relationship.resource());
      level = level.flatMap((entity) => related(relationship.get(entity)));
      for (const entity of level) {
        const key = `${target.type}:${idOf(target, entity)}`;
        if (!this.primary.has(key) && !this.included.has(key)) {
          this.included.set(key, this.resourceObject(target, entity));
        }
      }
      current = target;
    }
  }

  includedObjects(): ResourceObject[] {
    return [...this.included.values()];
  }
}

function isList<T>(data: T | readonly T[] | null): data is readonly T[] {
  return Array.isArray(data);
}

/**
 * A JSON:API document for one entity, a list, or null. Relationship linkage is sent for every
 * loaded relationship; related resources go to `included` only for the requested include paths,
 * each once and never repeating a primary resource. Dates are written in `options.timeZone`.
 */
export function toDocument<T, V>(
  resource: ResourceType<T, V>,
  data: T | readonly T[] | null,
  options: ToDocumentOptions = {},
): JsonApiDocument {
  const builder = new DocumentBuilder(options.timeZone ?? 'UTC', options.viewer);
  const root = erased(resource);
  const entities: readonly unknown[] = data === null ? [] : isList(data) ? data : [data];
  const objects = builder.addPrimary(entities.map((entity) => builder.resourceObject(root, entity)));
  const document: JsonApiDocument = { data: isList(data) ? objects : (objects[0] ?? null) };
  if (options.include && options.include.length > 0) {
    for (const path of options.include) builder.include(root, entities, path);
    document.included = builder.includedObjects();
  }
  if (options.meta) document.meta = options.meta;
  return document;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The attributes of a write request: `{data: {attributes: {...}}}` (JSON:API), `{data: {...}}`,
 * or a plain `{...}` body as the spec's client sends for some calls. A body that is not an
 * object, or whose `data` or `data.attributes` is not an object, is a 400.
 */
export function readAttributes(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object');
  if (!Object.hasOwn(body, 'data')) return body;
  const data = body.data;
  if (!isPlainObject(data)) throw badRequest('data must be an object');
  if (!Object.hasOwn(data, 'attributes')) return data;
  if (!isPlainObject(data.attributes)) throw badRequest('data.attributes must be an object');
  return data.attributes;
}
