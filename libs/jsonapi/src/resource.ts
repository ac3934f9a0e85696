/**
 * Resources with their schema: `defineResource` ties a resource's `attributes` to a zod shape of
 * what it returns (TypeScript refuses a missing, extra or differently typed attribute), and
 * `resourceJsonSchema` turns that shape into the resource's JSON Schema for the OpenAPI document —
 * the wire form, so dates are documented as the wire dates the serializer writes.
 */
import { z } from 'zod';
import type { Relationship, ResourceType } from './serializer';

type Shape = z.ZodRawShape;
/** What `attributes` returns for a shape: the zod output type (dates as Date). */
export type ResourceAttributes<S extends Shape> = z.output<z.ZodObject<S>>;
type Extra<R, S extends Shape> = Exclude<keyof R, keyof ResourceAttributes<S>>;
/** Refuses attributes the shape does not name (the check an object literal alone does not get). */
type NoExtra<R, S extends Shape> = [Extra<R, S>] extends [never]
  ? unknown
  : { [K in `attribute ${Extra<R, S> & string} is not in the schema`]: never };

export interface ResourceDefinition<T, V, S extends Shape, R> {
  /** The name of its schema in the OpenAPI document, unique in the service (`Course`). */
  name: string;
  /** JSON:API type, plural (`courses`). */
  type: string;
  /** Every attribute and its type as `attributes` returns it; `.optional()` for one sent only sometimes. */
  schema: S;
  id?: (entity: T) => string | number;
  attributes: (entity: T, viewer: V) => R;
  relationships?: Record<string, Relationship<T>>;
}

/**
 * A resource type whose attributes are exactly `schema`: `attributes` must return each of its
 * fields with its type and no other field. `V` is who reads (a resource whose attributes depend
 * on the caller takes the `AuthContext` the `DocumentRenderer` of `@lms/auth` passes).
 */
export function defineResource<
  T,
  V = unknown,
  S extends Shape = Shape,
  R extends ResourceAttributes<S> = ResourceAttributes<S>,
>(definition: ResourceDefinition<T, V, S, R> & NoExtra<R, S>): ResourceType<T, V> {
  const { schema, ...rest } = definition;
  return { ...rest, schema: z.object(schema) };
}

const WIRE_DATE = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'YYYY-MM-DD HH:mm:ss, wall-clock time in the campus time zone',
};

/** Drops the bounds `z.int()` documents (JavaScript's safe integers): every integer has them. */
function withoutSafeBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeBounds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, item]) =>
          !(key === 'minimum' && item === Number.MIN_SAFE_INTEGER) &&
          !(key === 'maximum' && item === Number.MAX_SAFE_INTEGER),
      )
      .map(([key, item]) => [key, withoutSafeBounds(item)]),
  );
}

/** JSON Schema (OpenAPI 3.0) of a value the server writes: dates (`z.date()`) as wire dates. */
export function wireJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'openapi-3.0',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if ((zodSchema as unknown as z.ZodType)._zod.def.type !== 'date') return;
      const nullable = (jsonSchema as { nullable?: boolean }).nullable;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, WIRE_DATE, nullable ? { nullable } : {});
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return withoutSafeBounds(json) as Record<string, unknown>;
}

/** JSON Schema of a resource's attributes as written: dates as wire dates, `type` as `<type>_type`. */
export function attributesJsonSchema(resource: Pick<ResourceType<never, never>, 'type' | 'schema'>) {
  const json = wireJsonSchema(resource.schema) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const renamed = (name: string) => (name === 'type' ? `${resource.type}_type` : name);
  if (json.properties) {
    delete json.properties.id;
    json.properties = Object.fromEntries(
      Object.entries(json.properties).map(([name, schema]) => [renamed(name), schema]),
    );
  }
  if (json.required) json.required = json.required.filter((name) => name !== 'id').map(renamed);
  return json as Record<string, unknown>;
}
