import { types } from 'pg';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import { trackDatabasePool } from './metrics';

/**
 * Ids are bigint identities; on the wire and in code they are numbers (ids stay far below 2^53).
 * A value beyond that range is refused rather than silently rounded.
 */
types.setTypeParser(types.builtins.INT8, (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint ${text} exceeds the safe integer range`);
  return value;
});

export interface ServiceDataSourceOptions {
  /** Full URL including the service's own database name. */
  url: string;
  /** Name used in logs and as PostgreSQL application_name. */
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity list type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own migration list type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * One TypeORM DataSource per service, always on migrations (never `synchronize`).
 * Migrations run in one transaction each, so a failed migration leaves the schema as it was.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    applicationName: `lms-${options.service}`,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTransactionMode: 'each',
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 10) },
  });
}

/** Initialises the DataSource and brings the schema up to date; its pool is reported in /metrics. */
export async function openServiceDataSource(options: ServiceDataSourceOptions): Promise<DataSource> {
  const dataSource = createServiceDataSource(options);
  await dataSource.initialize();
  await dataSource.runMigrations();
  trackDatabasePool(options.service, dataSource);
  return dataSource;
}

/**
 * The SQL TypeORM would still run to make the schema match the entities. Empty when migrations
 * and entities agree; the drift test of every service asserts that.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sqlInMemory = await dataSource.driver.createSchemaBuilder().log();
  return sqlInMemory.upQueries.map((query) => query.query);
}
