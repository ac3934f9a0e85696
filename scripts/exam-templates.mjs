#!/usr/bin/env node
// Writes the question-import templates the exam service serves (services/exam/templates/): the
// spreadsheet and the Word document built by services/exam/src/imports/templates.ts. Run it after
// changing what the importers read:   npm run exam:templates
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
execFileSync('node', [join(root, 'scripts/build.mjs'), '--no-web'], { stdio: 'inherit' });
const require = createRequire(import.meta.url);
const templates = require(join(root, 'services/exam/dist/imports/templates.js'));
const dir = join(root, 'services/exam/templates');
mkdirSync(dir, { recursive: true });
const written = [
  [templates.TEMPLATE_FILES.xlsx.file, await templates.buildSpreadsheetTemplate()],
  [templates.TEMPLATE_FILES.docx.file, await templates.buildWordTemplate()],
];
for (const [file, content] of written) {
  writeFileSync(join(dir, file), content);
  console.log(`wrote services/exam/templates/${file} (${content.length} bytes)`);
}
