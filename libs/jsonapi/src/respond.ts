import { type JsonApiDocument, type ResourceType, toDocument, type ToDocumentOptions } from './serializer';

/**
 * A controller's answer before it is written: resource, entities and document options. The
 * response renderer (`DocumentRenderer` of `@lms/auth`, a Fastify `preSerialization` hook) renders it with the caller's time
 * zone, so a controller names a zone only when it is not the caller's (a public page answers in
 * the campus's zone of the request's host).
 */
export class PendingDocument<T = unknown, V = unknown> {
  constructor(
    readonly resource: ResourceType<T, V>,
    readonly data: T | readonly T[] | null,
    readonly options: ToDocumentOptions,
  ) {}

  /**
   * The document, its dates in `options.timeZone` when the controller fixed one, otherwise in
   * `timeZone`, for `viewer` (the caller, passed to the resources' `attributes`). A pending
   * document inside `meta` is written as its `data`, in the same zone.
   */
  render(timeZone: string, viewer?: unknown): JsonApiDocument {
    const zone = this.options.timeZone ?? timeZone;
    const meta =
      this.options.meta &&
      Object.fromEntries(
        Object.entries(this.options.meta).map(([key, value]) => [
          key,
          value instanceof PendingDocument ? value.render(zone, viewer).data : value,
        ]),
      );
    return toDocument(this.resource, this.data, { ...this.options, meta, timeZone: zone, viewer });
  }

  /** Written without the renderer, dates would silently come out in the wrong zone. */
  toJSON(): never {
    throw new Error(
      `A ${this.resource.type} document was serialized without DocumentRenderer (register AuthModule)`,
    );
  }
}

/** The document answering a request: one entity, a list, or null (see `PendingDocument`). */
export function respond<T, V>(
  resource: ResourceType<T, V>,
  data: T | readonly T[] | null,
  options: Omit<ToDocumentOptions, 'viewer'> = {},
): PendingDocument<T, V> {
  return new PendingDocument(resource, data, options);
}
