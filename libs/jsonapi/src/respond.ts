import { type JsonApiDocument, type ResourceType, toDocument, type ToDocumentOptions } from './serializer';

/**
 * A controller's answer before it is written: resource, entities and document options. The
 * response renderer (`DocumentRenderer` of `@lms/auth`, a Fastify `preSerialization` hook) renders it with the caller's time
 * zone, so a controller names a zone only when it is not the caller's (a public page answers in
 * the campus's zone of the request's host).
 */
export class PendingDocument<T = unknown> {
  constructor(
    readonly resource: ResourceType<T>,
    readonly data: T | readonly T[] | null,
    readonly options: ToDocumentOptions,
  ) {}

  /**
   * The document, its dates in `options.timeZone` when the controller fixed one, otherwise in
   * `timeZone`. A pending document inside `meta` is written as its `data`, in the same zone.
   */
  render(timeZone: string): JsonApiDocument {
    const zone = this.options.timeZone ?? timeZone;
    const meta =
      this.options.meta &&
      Object.fromEntries(
        Object.entries(this.options.meta).map(([key, value]) => [
          key,
          value instanceof PendingDocument ? value.render(zone).data : value,
        ]),
      );
    return toDocument(this.resource, this.data, { ...this.options, meta, timeZone: zone });
  }

  /** Written without the renderer, dates would silently come out in the wrong zone. */
  toJSON(): never {
    throw new Error(
      `A ${this.resource.type} document was serialized without DocumentRenderer (register AuthModule)`,
    );
  }
}

/** The document answering a request: one entity, a list, or null (see `PendingDocument`). */
export function respond<T>(
  resource: ResourceType<T>,
  data: T | readonly T[] | null,
  options: ToDocumentOptions = {},
): PendingDocument<T> {
  return new PendingDocument(resource, data, options);
}
