import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '@lms/database';
import { DEMO_USERS } from '@lms/identity';
import { exitOnStartupFailure, readEnv, startTracing, stopTracing, variable } from '@lms/platform';
import { z } from 'zod';
import { startPlatform } from './platform';

/** `npm start`'s settings (README, "Quick start"); a wrong one stops the start with its name. */
const Settings = z
  .object({
    PORT: variable.int(8080, { min: 1, max: 65535 }),
    DATA_DIR: variable.string('.data'),
    PG_PORT: variable.int(54329, { min: 1, max: 65535 }),
    PG_PASSWORD: variable.string('lms-local'),
    DEMO_PASSWORD: variable.string('lms-demo'),
    LOG_LEVEL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace'], {
          error: (issue) =>
            `must be one of fatal, error, warn, info, debug, trace, got "${String(issue.input)}"`,
        })
        .default('warn'),
    ),
    JWT_PRIVATE_KEY: variable.optional(),
    TRUSTED_PROXIES: variable.optional(),
  })
  .refine((vars) => vars.PORT !== vars.PG_PORT, { path: ['PG_PORT'], message: 'must differ from PORT' });

function readSettings(env: NodeJS.ProcessEnv = process.env) {
  const vars = readEnv('npm start', Settings, env);
  return {
    port: vars.PORT,
    dataDir: resolve(vars.DATA_DIR),
    pgPort: vars.PG_PORT,
    pgPassword: vars.PG_PASSWORD,
    demoPassword: vars.DEMO_PASSWORD,
    logLevel: vars.LOG_LEVEL,
    jwtPrivateKey: vars.JWT_PRIVATE_KEY,
    trustedProxies: vars.TRUSTED_PROXIES,
  };
}

let ports: Record<string, number | undefined> = {};

/**
 * `npm start`: the whole product on one machine, on a real PostgreSQL kept under DATA_DIR.
 *   PORT (8080)  DATA_DIR (.data)  PG_PORT (54329)  DEMO_PASSWORD (lms-demo)  LOG_LEVEL (warn)
 *   TRUSTED_PROXIES (none: a reverse proxy in front of the gateway)
 *   OTEL_EXPORTER_OTLP_ENDPOINT (none: traces off) and the other OTEL_* variables (tracing.ts)
 */
async function main() {
  const settings = readSettings();
  // One export pipeline for the process; each service's spans still carry its own name.
  startTracing({ process: 'lms' });
  const { port, dataDir, pgPort, demoPassword } = settings;
  ports = { PORT: port, PG_PORT: pgPort };

  console.log(`Starting PostgreSQL (data in ${join(dataDir, 'postgres')}, port ${pgPort})…`);
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: pgPort,
    password: settings.pgPassword,
    settings: { port: 'PG_PORT', dataDir: 'DATA_DIR' },
  });

  let stopping = false;
  const platform = await startPlatform({
    // Its Unix-domain socket when it has one: the cheaper way to the same server on this machine.
    postgresUrl: postgres.localUrl ?? postgres.url,
    dataDir,
    port,
    seedDemo: true,
    demoPassword,
    logLevel: settings.logLevel,
    jwtPrivateKey: settings.jwtPrivateKey,
    trustedProxies: settings.trustedProxies,
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
      await stopTracing().catch(() => undefined);
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

main().catch(exitOnStartupFailure('npm start', () => ({ ports })));
