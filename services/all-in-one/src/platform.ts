import { createPublicKey, randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadOrCreatePrivateKeyPem } from '@lms/auth';
import { ensureDatabase } from '@lms/database';
import { InProcessTransport } from '@lms/events';
import { GatewayConfig, type ServiceName, startGateway, urlVariable } from '@lms/gateway';
import { type DemoSeed, startService } from '@lms/platform';
import { SERVICES } from './registry';

export interface PlatformOptions {
  /** PostgreSQL server URL without database (`postgres://user:pw@host:port`). */
  postgresUrl: string;
  dataDir: string;
  port: number;
  host?: string;
  /** Ports of the services behind the gateway by name; unnamed: any free port. */
  servicePorts?: Record<string, number>;
  webDist?: string;
  seedDemo: boolean;
  demoPassword: string;
  demoDomain?: string;
  logLevel?: string;
  /** Database name prefix (tests run several platforms in one server). */
  databasePrefix?: string;
  jwtPrivateKey?: string;
  /** The gateway's TRUSTED_PROXIES: a reverse proxy in front of `npm start` (default: none). */
  trustedProxies?: string;
  /**
   * How the gateway reaches the services: `hand-off` (default) gives each request to the
   * service's server in this process; `http` proxies over loopback as in stack mode (tests of
   * that path).
   */
  serviceCalls?: 'hand-off' | 'http';
  /** The services' SMTP_URL (tests: a local SMTP server); unset: SMTP_URL of the environment, if any. */
  smtpUrl?: string;
}

export interface RunningPlatform {
  gateway: NestFastifyApplication;
  /** Every domain service of the registry, by name. */
  services: Record<string, NestFastifyApplication>;
  transport: InProcessTransport;
  url: string;
  publicKeyPem: string;
  stop(): Promise<void>;
}

const addressOf = (app: NestFastifyApplication) => {
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('service is not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
};

/** `lms_<name>` (`demo-probe` → `lms_demo_probe`). */
const databaseName = (prefix: string, service: string) => `${prefix}_${service.replace(/-/g, '_')}`;

/** How long a demo seed waits here for what other services send it by event. */
const SEED_PATIENCE_MS = 30_000;

/**
 * The whole product in one process: every service of the registry still its own Nest
 * application on its own port and database, events through the in-process transport, the
 * gateway in front, handing each routed request to the service's server in this process rather
 * than proxying it over loopback HTTP. Each service reads its configuration as in stack mode,
 * from this process's environment with the platform's own settings on top (database, keys,
 * internal token, data directory, port; TRUSTED_PROXIES is the gateway's alone).
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const prefix = options.databasePrefix ?? 'lms';
  const privateKeyPem = loadOrCreatePrivateKeyPem(options.dataDir, options.jwtPrivateKey);
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const internalToken = randomBytes(24).toString('base64url');
  const transport = new InProcessTransport();
  const logLevel = options.logLevel ?? 'warn';
  const services: Record<string, NestFastifyApplication> = {};
  let gateway: NestFastifyApplication | undefined;

  const stop = async () => {
    await gateway?.close();
    // Events stop first: a delivery under way fails back into its outbox rather than reaching a
    // service whose database is closing (and being dead-lettered).
    await transport.close();
    for (const app of Object.values(services).reverse()) await app.close();
  };

  try {
    for (const definition of SERVICES) {
      const config = definition.config({
        ...process.env,
        DATABASE_URL: await ensureDatabase(options.postgresUrl, databaseName(prefix, definition.name)),
        JWT_PUBLIC_KEY: publicKeyPem,
        INTERNAL_TOKEN: internalToken,
        // Uploaded files and their link-signing secret live with the rest of the data.
        DATA_DIR: options.dataDir,
        PORT: String(options.servicePorts?.[definition.name] ?? 0),
        // Services are reached through the gateway on loopback only; a proxy in front is the gateway's.
        TRUSTED_PROXIES: undefined,
        ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      });
      services[definition.name] = await startService(definition, config, transport, { logLevel });
    }
    transport.open();

    const gatewayConfig = GatewayConfig.fromEnv({
      PORT: String(options.port),
      HOST: options.host ?? '0.0.0.0',
      ...Object.fromEntries(
        Object.entries(services).map(([name, app]) => [urlVariable(name), addressOf(app)]),
      ),
      JWT_PRIVATE_KEY: privateKeyPem,
      INTERNAL_TOKEN: internalToken,
      ...(options.trustedProxies ? { TRUSTED_PROXIES: options.trustedProxies } : {}),
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    });
    if (options.serviceCalls !== 'http') {
      // Each service's server gets the requests the gateway routes to it straight from the
      // gateway, as its own listeners would from a connection (the port still serves too).
      for (const [name, app] of Object.entries(services)) {
        const server = app.getHttpServer();
        gatewayConfig.localServices[name as ServiceName] = (request, response) =>
          server.emit('request', request, response);
      }
    }
    gateway = await startGateway(gatewayConfig, { logLevel });

    if (options.seedDemo) {
      let demo: DemoSeed = {
        domain: options.demoDomain ?? 'localhost',
        password: options.demoPassword,
        patienceMs: SEED_PATIENCE_MS,
      };
      for (const definition of SERVICES) {
        const seeded = await definition.seedDemo?.(services[definition.name], demo);
        if (seeded) demo = { ...demo, ...seeded };
      }
      for (const definition of SERVICES) await definition.seedDemoLast?.(services[definition.name], demo);
    }
  } catch (error) {
    // What did start is stopped again, so that the caller can stop the database cleanly.
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    gateway,
    services,
    transport,
    url: addressOf(gateway),
    publicKeyPem,
    stop,
  };
}
