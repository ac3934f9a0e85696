#!/usr/bin/env node
// Onboards and changes campuses in identity's database:   npm run campus -- help
// Builds the services first when they were never built (the command runs identity's code).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'services/identity/dist/cli/campus.cli.js');
if (!existsSync(cli)) {
  // Build output goes to stderr: stdout is the command's answer (e.g. `list --json`).
  execFileSync('node', [join(root, 'scripts/build.mjs'), '--no-web'], { stdio: ['ignore', 2, 2] });
}
const { campusCli } = createRequire(import.meta.url)(cli);
// Unset, the database is identity's of `npm start` (its embedded PostgreSQL, as npm start reads it).
const { PG_PORT = '54329', PG_PASSWORD = 'lms-local' } = process.env;
const npmStartDatabase = `postgres://postgres:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${PG_PORT}/lms_identity`;
process.exitCode = await campusCli(
  process.argv.slice(2),
  { ...process.env, DATABASE_URL: process.env.DATABASE_URL || npmStartDatabase },
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
