export { startEmbeddedPostgres, ensureDatabase, dropDatabase } from './embedded-postgres';
export type { EmbeddedPostgresOptions, RunningPostgres } from './embedded-postgres';
export { createServiceDataSource, openServiceDataSource, pendingSchemaChanges } from './data-source';
export type { ServiceDataSourceOptions } from './data-source';
export { returnedRows } from './returned-rows';
export { numericColumn } from './columns';
