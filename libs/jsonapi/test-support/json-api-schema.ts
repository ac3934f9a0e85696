import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';

/**
 * The JSON:API 1.0 response schema (CC0, jsonapi.org), copied here so that tests need nothing
 * outside the repository. It is written with draft-07 keywords (`definitions`, `dependencies`)
 * under a 2020-12 `$schema` tag; ajv 6 implements draft-07, so the tag is dropped before compiling.
 */
const schema = JSON.parse(
  readFileSync(join(__dirname, 'jsonapi-1.0-response.schema.json'), 'utf8'),
) as Record<string, unknown>;
delete schema.$schema;
const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile(schema);

/** Fails unless `document`, as it goes over the wire (JSON), is a valid JSON:API response document. */
export function expectJsonApiDocument(document: unknown): void {
  const wire: unknown = JSON.parse(JSON.stringify(document));
  if (!validate(wire)) {
    throw new Error(
      `Not a JSON:API response document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(wire, null, 2)}`,
    );
  }
}
