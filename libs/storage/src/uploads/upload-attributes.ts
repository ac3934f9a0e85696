import type { FastifyRequest } from 'fastify';
import { type AttributesSchema, jsonSchemaOf, readAttributes, validateWith, type z } from '@lms/jsonapi';
import { type JsonSchema, writeDocumentSchema } from '@lms/platform';
import type { FileUploads, StoredFile, Upload } from './file-uploads';

/**
 * The attributes of a write sent as `multipart/form-data` (text fields beside its `file` parts),
 * read like those of a JSON document: each field by its name, also as `data[attributes][name]`.
 * A list attribute (`listFields`) comes as a JSON array in one field or as repeated fields
 * (`files[]`); the schema then checks the values as it checks JSON ones.
 */
export function attributesOfUpload(
  upload: Upload,
  listFields: readonly string[] = [],
): Record<string, unknown> {
  const attributes: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [rawName, value] of Object.entries(upload.fields)) {
    const name = rawName.replace(/^data\[attributes\]\[([^\]]+)\]$/, '$1').replace(/\[\d*\]$/, '');
    const values = Array.isArray(value) ? value : [value];
    if (!listFields.includes(name)) {
      attributes[name] = values[values.length - 1];
      continue;
    }
    const list = (Array.isArray(attributes[name]) ? attributes[name] : []) as unknown[];
    for (const item of values) {
      if (item.trim().startsWith('[')) {
        try {
          list.push(...(JSON.parse(item) as unknown[]));
          continue;
        } catch {
          // not JSON: the value is one item, and the schema judges it
        }
      }
      if (item !== '') list.push(item);
    }
    attributes[name] = list;
  }
  return attributes;
}

/**
 * The OpenAPI request body of a write that takes JSON (a JSON:API document of `schema`'s
 * attributes) or `multipart/form-data` (the same attributes as fields, new files in `file` parts).
 */
export function uploadRequestBody(schema: z.ZodType): JsonSchema {
  const attributes = jsonSchemaOf(schema);
  const json = { schema: writeDocumentSchema(attributes) };
  return {
    required: true,
    content: {
      'application/vnd.api+json': json,
      'application/json': json,
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...((attributes.properties as Record<string, unknown> | undefined) ?? {}),
            file: { type: 'array', items: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  };
}

/**
 * Reads a write sent as JSON or as `multipart/form-data` (see {@link attributesOfUpload}), checks
 * its attributes against `schema` (a 422 with pointers) and hands them to `use` with the files
 * stored for the request — which are removed again if the attributes or `use` refuse it.
 */
export function readWrite<S extends AttributesSchema, T, Area extends string>(
  files: FileUploads<Area>,
  request: FastifyRequest,
  auth: { tenantId: number; timeZone?: string },
  options: { schema: S; area: Area; listFields?: readonly string[]; maxFiles?: number },
  use: (input: z.output<S>, uploaded: StoredFile[]) => Promise<T>,
): Promise<T> {
  const parse = (attributes: Record<string, unknown>) =>
    validateWith(options.schema, attributes, { timeZone: auth.timeZone });
  if (!request.isMultipart()) return use(parse(readAttributes(request.body)), []);
  return files.withUpload(
    request,
    { tenantId: auth.tenantId, area: options.area, maxFiles: options.maxFiles },
    (upload) => use(parse(attributesOfUpload(upload, options.listFields)), upload.files),
  );
}
