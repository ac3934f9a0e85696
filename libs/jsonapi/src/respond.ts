import { pageMeta, type ParsedQuery } from './query';
import { type JsonApiDocument, type ResourceType, toDocument, type ToDocumentOptions } from './serializer';

/**
 * A controller's answer before it is written: resource, entities and document options. The
 * response renderer (`DocumentRenderer` of `@lms/auth`, a Fastify `preSerialization` hook) renders it with the caller's time
 * zone, so a controller names a zone only when it is not the caller's (a public page answers in
 * the campus's zone of the request's host).
 */
export class PendingDocument<T = unknown, V = unknown> {
  /** The last rendering of a reusable document, and its zone. */
  private rendered?: { zone: string; document: JsonApiDocument };

  constructor(
    readonly resource: ResourceType<T, V>,
    readonly data: T | readonly T[] | null,
    readonly options: RespondOptions,
  ) {}

  /**
   * The document, its dates in `options.timeZone` when the controller fixed one, otherwise in
   * `timeZone`, for `viewer` (the caller, passed to the resources' `attributes`). A pending
   * document inside `meta` is written as its `data`, in the same zone.
   */
  render(timeZone: string, viewer?: unknown): JsonApiDocument {
    const zone = this.options.timeZone ?? timeZone;
    if (this.rendered?.zone === zone) return this.rendered.document;
    const meta =
      this.options.meta &&
      Object.fromEntries(
        Object.entries(this.options.meta).map(([key, value]) => [
          key,
          value instanceof PendingDocument ? value.render(zone, viewer).data : value,
        ]),
      );
    const { reusable, ...options } = this.options;
    const document = toDocument(this.resource, this.data, { ...options, meta, timeZone: zone, viewer });
    if (reusable) this.rendered = { zone, document };
    return document;
  }

  /** Written without the renderer, dates would silently come out in the wrong zone. */
  toJSON(): never {
    throw new Error(
      `A ${this.resource.type} document was serialized without DocumentRenderer (register AuthModule)`,
    );
  }
}

export interface RespondOptions extends ToDocumentOptions {
  /**
   * The same answer is given again and again (a controller keeps the pending document): it is
   * rendered once per time zone. Only for data that does not change and resources whose
   * `attributes` do not read the viewer.
   */
  reusable?: boolean;
}

/** The document answering a request: one entity, a list, or null (see `PendingDocument`). */
export function respond<T, V>(
  resource: ResourceType<T, V>,
  data: T | readonly T[] | null,
  options: Omit<RespondOptions, 'viewer'> = {},
): PendingDocument<T, V> {
  return new PendingDocument(resource, data, options);
}

/**
 * A page of a list, `[rows, total]` as a service's `findAndCount` gives it, with the list's `total`
 * and the page's `limit` and `offset` as `meta` (a `PAGE_META` list's answer).
 */
export function respondPage<T, V>(
  resource: ResourceType<T, V>,
  [rows, total]: readonly [readonly T[], number],
  query: ParsedQuery,
  options: Omit<RespondOptions, 'viewer' | 'meta'> = {},
): PendingDocument<T, V> {
  return respond(resource, rows, { ...options, meta: pageMeta(total, query) });
}
