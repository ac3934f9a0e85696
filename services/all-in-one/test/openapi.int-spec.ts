import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenApiDocument } from '@lms/platform';
import { describePlatform } from '../src/openapi';

const root = join(__dirname, '../../..');
const committed = () =>
  JSON.parse(readFileSync(join(root, 'web/src/api/openapi.json'), 'utf8')) as OpenApiDocument;

/** The paths and schemas (and other parts) in which two documents differ. */
function differences(actual: OpenApiDocument, expected: OpenApiDocument): string[] {
  const differing = (what: string, a: Record<string, unknown>, b: Record<string, unknown>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      .map((key) => `${what} ${key}`);
  const { paths, components, ...rest } = actual;
  const { paths: expectedPaths, components: expectedComponents, ...expectedRest } = expected;
  return [
    ...differing('path', paths, expectedPaths),
    ...differing('schema', components.schemas, expectedComponents.schemas),
    ...differing('part', rest, expectedRest),
  ];
}

describe('the web client’s API types (npm run openapi)', () => {
  it('come from the document the code describes: web/src/api/openapi.json is not stale', async () => {
    const document = await describePlatform();
    // Stale: run `npm run openapi` and commit web/src/api/openapi.json and schema.d.ts.
    expect(differences(document, committed())).toEqual([]);
  });

  it('are what openapi-typescript makes of that document: web/src/api/schema.d.ts is not stale', async () => {
    // openapi-typescript is an ES module: the check runs in its own Node process.
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [join(root, 'scripts/openapi.mjs'), '--check'], (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(result).toEqual({ code: 0, output: expect.stringContaining('matches') });
  });
});
