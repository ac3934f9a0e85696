import type { EntitySchema, MixedList } from 'typeorm';
import { openServiceDataSource, pendingSchemaChanges } from '@lms/database';
import { createTestDatabase } from './database';

/**
 * Applies a service's migrations to an empty database and reports what TypeORM would still
 * change to match the entities (must be nothing), then reverts every migration and reports the
 * tables left behind (must be only the migrations table).
 */
export async function checkMigrations(options: {
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own list types
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own list types
  migrations: Function[];
}): Promise<{ drift: string[]; tablesAfterRevert: string[] }> {
  const db = await createTestDatabase(`${options.service}_migrations`);
  const dataSource = await openServiceDataSource({ url: db.url, ...options });
  try {
    const drift = await pendingSchemaChanges(dataSource);
    for (let i = 0; i < options.migrations.length; i++) await dataSource.undoLastMigration();
    const tables: Array<{ tablename: string }> = await dataSource.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    return { drift, tablesAfterRevert: tables.map((table) => table.tablename) };
  } finally {
    await dataSource.destroy();
    await db.drop();
  }
}
