#!/usr/bin/env node
// Validates an OpenAPI document read from stdin (or the file named by the first argument) with
// @apidevtools/swagger-parser: the OpenAPI 3.x schema plus its semantic checks (every path
// parameter declared, unique operation ids, resolvable $refs). Exit code 0 when valid; the
// problems on stderr otherwise.
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';

const text = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : readFileSync(0, 'utf8');
try {
  const api = await SwaggerParser.validate(JSON.parse(text));
  console.log(`valid: OpenAPI ${api.openapi}, ${Object.keys(api.paths ?? {}).length} paths`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
