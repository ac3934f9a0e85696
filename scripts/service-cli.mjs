#!/usr/bin/env node
// The operators' commands, each running one service's own code on that service's database:
//   node scripts/service-cli.mjs <service> <command> …   (npm run campus / npm run structure -- help)
// `services/<service>/dist/cli/<command>.cli.js` exports `<command>Cli(argv, env, out, err)`.
// Builds the services first when they were never built.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [service, command, ...argv] = process.argv.slice(2);
const root = new URL('..', import.meta.url).pathname;
const cli = join(root, `services/${service}/dist/cli/${command}.cli.js`);
if (!existsSync(cli)) {
  // Build output goes to stderr: stdout is the command's answer (e.g. `list --json`).
  execFileSync('node', [join(root, 'scripts/build.mjs'), '--no-web'], { stdio: ['ignore', 2, 2] });
}
const run = createRequire(import.meta.url)(cli)[`${command}Cli`];
// Unset, the database is the service's of `npm start` (its embedded PostgreSQL, as npm start reads it).
const { PG_PORT = '54329', PG_PASSWORD = 'lms-local' } = process.env;
const npmStartDatabase = `postgres://postgres:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${PG_PORT}/lms_${service}`;
process.exitCode = await run(
  argv,
  { ...process.env, DATABASE_URL: process.env.DATABASE_URL || npmStartDatabase },
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
