import { z } from 'zod';
import { PendingDocument } from './respond';
import type { ResourceType } from './serializer';

/** The `meta` of a page of a list (`pageMeta`): the total and the page asked for. */
export const PAGE_META = z.object({ total: z.int(), limit: z.int(), offset: z.int() });

/** The `meta` of a whole list (no paging): how many it holds. */
export const TOTAL_META = z.object({ total: z.int() });

/** Metadata key under which `@Responds` records what a handler answers (read by the OpenAPI builder). */
export const RESPONDS_KEY = 'lms:responds';

export interface RespondsOptions {
  /** A list of resources (`data: [...]`) rather than one. */
  list?: boolean;
  /** One resource or `data: null`. */
  nullable?: boolean;
  /** The document's `meta`, when it has a fixed shape (`pageMeta`, counts). */
  meta?: z.ZodType;
}

export interface RespondsMetadata extends RespondsOptions {
  /** The resource it answers with, or those it chooses from (by who asks). */
  resources: ReadonlyArray<ResourceType<never, never>>;
}

/**
 * Why an answer differs from its handler's `@Responds`, or undefined when it matches: another
 * resource, a list for one or one for a list, null where none is allowed.
 */
export function responseMismatch(declared: RespondsMetadata, answer: PendingDocument): string | undefined {
  const { resource, data } = answer;
  if (!declared.resources.includes(resource))
    return `it declares ${declared.resources.map(({ name }) => name).join(' or ')} but answers ${resource.name}`;
  if (Array.isArray(data) !== Boolean(declared.list))
    return declared.list ? 'it declares a list but answers one resource' : 'it answers a list';
  if (data === null && !declared.nullable) return 'it answers null without declaring nullable';
  return undefined;
}

/** Throws when `answer` is a document other than the one `declared`. */
function holdTo(declared: RespondsMetadata, where: string, answer: unknown): unknown {
  if (answer instanceof PendingDocument) {
    const mismatch = responseMismatch(declared, answer);
    if (mismatch) throw new Error(`${where}: ${mismatch} (@Responds)`);
  }
  return answer;
}

/**
 * What the handler answers with `respond(resource, …)` — or a list of the resources it chooses
 * from by who asks, documented as one of them: documented as the resource's JSON:API
 * document in the service's OpenAPI (with every resource reachable by its relationships as
 * `included`). Outside production the handler is also held to it — an answer of another
 * resource, or a list for one, fails the request (a 500), so the tests find a declaration that
 * no longer says what the handler does; in production the handler runs unwrapped. Put it below
 * the route decorator (it is applied first and keeps the metadata others set before it).
 */
export function Responds(
  resource: ResourceType<never, never> | ReadonlyArray<ResourceType<never, never>>,
  options: RespondsOptions = {},
): MethodDecorator {
  const declared: RespondsMetadata = {
    resources: Array.isArray(resource) ? resource : [resource as ResourceType<never, never>],
    ...options,
  };
  return (target, key, descriptor) => {
    const original = descriptor.value as unknown as (...args: unknown[]) => unknown;
    if (process.env.NODE_ENV !== 'production') {
      const where = `${target.constructor.name}.${String(key)}`;
      const held = function (this: unknown, ...args: unknown[]) {
        const answer = original.apply(this, args);
        return answer instanceof Promise
          ? answer.then((value: unknown) => holdTo(declared, where, value))
          : holdTo(declared, where, answer);
      };
      Object.defineProperty(held, 'name', { value: original.name });
      for (const metadataKey of Reflect.getMetadataKeys(original) as unknown[])
        Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, original), held);
      descriptor.value = held as typeof descriptor.value;
    }
    Reflect.defineMetadata(RESPONDS_KEY, declared, descriptor.value as object);
    return descriptor;
  };
}
