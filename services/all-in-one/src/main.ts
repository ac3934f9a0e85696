import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '@lms/database';
import { DEMO_USERS } from '@lms/identity';
import { startPlatform } from './platform';

/**
 * `npm start`: the whole product on one machine, on a real PostgreSQL kept under DATA_DIR.
 *   PORT (8080)  DATA_DIR (.data)  PG_PORT (54329)  DEMO_PASSWORD (lms-demo)  LOG_LEVEL (warn)
 *   TRUSTED_PROXIES (none: a reverse proxy in front of the gateway)
 */
async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const demoPassword = process.env.DEMO_PASSWORD ?? 'lms-demo';
  const pgPort = Number(process.env.PG_PORT ?? 54329);

  console.log(`Starting PostgreSQL (data in ${join(dataDir, 'postgres')}, port ${pgPort})…`);
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: pgPort,
    password: process.env.PG_PASSWORD ?? 'lms-local',
  });

  let stopping = false;
  const platform = await startPlatform({
    postgresUrl: postgres.url,
    dataDir,
    port,
    seedDemo: true,
    demoPassword,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    jwtPrivateKey: process.env.JWT_PRIVATE_KEY,
    trustedProxies: process.env.TRUSTED_PROXIES,
  }).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping services and PostgreSQL…`);
    try {
      await platform.stop();
    } finally {
      await postgres.stop();
    }
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const url = `http://localhost:${port}`;
  console.log(`\nLMS is running at ${url}\n`);
  console.log('Demo accounts (campus "localhost"):');
  for (const user of DEMO_USERS) {
    console.log(
      `  ${user.username.padEnd(10)} ${demoPassword.padEnd(10)} ${user.level}${user.level === 'admin' ? ' (cannot use the web app)' : ''}`,
    );
  }
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
