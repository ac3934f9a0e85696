#!/usr/bin/env node
// Generates a migration for a service from the difference between its entities and its
// existing migrations, on a throwaway PostgreSQL:
//   npm run migration:generate -- <service> <Name>
// Writes services/<service>/src/migrations/<timestamp>-<name>.ts; add it to that folder's index.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [service, name] = process.argv.slice(2);
if (!service || !/^[A-Z][A-Za-z0-9]+$/.test(name ?? '')) {
  console.error('usage: npm run migration:generate -- <service> <PascalCaseName>');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
execFileSync('node', [join(root, 'scripts/build.mjs'), '--no-web'], { stdio: 'inherit' });
const require = createRequire(import.meta.url);
const db = require(join(root, 'libs/database/dist/index.js'));
const { ENTITIES } = require(join(root, `services/${service}/dist/entities.js`));
const { MIGRATIONS } = require(join(root, `services/${service}/dist/migrations/index.js`));

const pg = await db.startEmbeddedPostgres({
  dataDir: join(mkdtempSync(join(tmpdir(), 'lms-migrate-')), 'pg'),
  port: 54000 + Math.floor(Math.random() * 1000),
  password: 'migrate',
  ephemeral: true,
});
try {
  const url = await db.ensureDatabase(pg.url, 'migrate');
  const ds = await db.openServiceDataSource({ url, service, entities: ENTITIES, migrations: MIGRATIONS });
  const sql = await ds.driver.createSchemaBuilder().log();
  await ds.destroy();
  if (sql.upQueries.length === 0) {
    console.log('entities and migrations agree: nothing to generate');
  } else {
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const quote = (q) => '`' + q.query.replace(/`/g, '\\`') + '`';
    const lines = (queries) => queries.map((q) => `    await queryRunner.query(${quote(q)});`).join('\n');
    const file = join(
      root,
      `services/${service}/src/migrations/${timestamp}-${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.ts`,
    );
    writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\n` +
        `export class ${className} implements MigrationInterface {\n  name = '${className}';\n\n` +
        `  async up(queryRunner: QueryRunner): Promise<void> {\n${lines(sql.upQueries)}\n  }\n\n` +
        `  async down(queryRunner: QueryRunner): Promise<void> {\n${lines(sql.downQueries.reverse())}\n  }\n}\n`,
    );
    console.log(`wrote ${file}`);
  }
} finally {
  await pg.stop();
}
