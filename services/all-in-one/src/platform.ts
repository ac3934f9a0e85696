import { createPublicKey, randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { loadOrCreatePrivateKeyPem } from '@lms/auth';
import { CourseConfig, seedCourseDemo, startCourse } from '@lms/course';
import { ensureDatabase } from '@lms/database';
import { InProcessTransport } from '@lms/events';
import { GatewayConfig, startGateway } from '@lms/gateway';
import { IdentityConfig, seedIdentityDemo, startIdentity } from '@lms/identity';

export interface PlatformOptions {
  /** PostgreSQL server URL without database (`postgres://user:pw@host:port`). */
  postgresUrl: string;
  dataDir: string;
  port: number;
  host?: string;
  /** Ports of the services behind the gateway; 0 = any free port. */
  servicePorts?: { identity: number; course: number };
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
}

export interface RunningPlatform {
  gateway: NestFastifyApplication;
  identity: NestFastifyApplication;
  course: NestFastifyApplication;
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

/**
 * The whole product in one process: every service still its own Nest application on its own
 * port and database, events through the in-process transport, the gateway in front.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const prefix = options.databasePrefix ?? 'lms';
  const privateKeyPem = loadOrCreatePrivateKeyPem(options.dataDir, options.jwtPrivateKey);
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const internalToken = randomBytes(24).toString('base64url');
  const transport = new InProcessTransport();
  const logLevel = options.logLevel ?? 'warn';
  const ports = options.servicePorts ?? { identity: 0, course: 0 };

  const identity = await startIdentity(
    Object.assign(new IdentityConfig(), {
      ...IdentityConfig.fromEnv({
        DATABASE_URL: await ensureDatabase(options.postgresUrl, `${prefix}_identity`),
        JWT_PUBLIC_KEY: publicKeyPem,
        INTERNAL_TOKEN: internalToken,
        DEMO_PASSWORD: options.demoPassword,
      }),
      port: ports.identity,
    }),
    transport,
    { logLevel },
  );
  const course = await startCourse(
    Object.assign(
      CourseConfig.fromEnv({
        DATABASE_URL: await ensureDatabase(options.postgresUrl, `${prefix}_course`),
        JWT_PUBLIC_KEY: publicKeyPem,
        INTERNAL_TOKEN: internalToken,
        // Uploaded files and their link-signing secret live with the rest of the data.
        DATA_DIR: options.dataDir,
        ...(process.env.MAX_UPLOAD_MB ? { MAX_UPLOAD_MB: process.env.MAX_UPLOAD_MB } : {}),
        // The academic system courses are synced from (unset: the sync answers 503).
        ...(process.env.ACADEMIC_SYNC_URL ? { ACADEMIC_SYNC_URL: process.env.ACADEMIC_SYNC_URL } : {}),
        ...(process.env.ACADEMIC_SYNC_TOKEN ? { ACADEMIC_SYNC_TOKEN: process.env.ACADEMIC_SYNC_TOKEN } : {}),
        ...(process.env.ACADEMIC_SYNC_TIMEOUT_MS
          ? { ACADEMIC_SYNC_TIMEOUT_MS: process.env.ACADEMIC_SYNC_TIMEOUT_MS }
          : {}),
      }),
      { port: ports.course },
    ),
    transport,
    { logLevel },
  );
  transport.open();

  const gateway = await startGateway(
    GatewayConfig.fromEnv({
      PORT: String(options.port),
      HOST: options.host ?? '0.0.0.0',
      IDENTITY_URL: addressOf(identity),
      COURSE_URL: addressOf(course),
      JWT_PRIVATE_KEY: privateKeyPem,
      INTERNAL_TOKEN: internalToken,
      ...(options.trustedProxies ? { TRUSTED_PROXIES: options.trustedProxies } : {}),
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    }),
    { logLevel },
  );

  if (options.seedDemo) {
    await seedDemo(identity, course, options.demoDomain ?? 'localhost', options.demoPassword);
  }

  return {
    gateway,
    identity,
    course,
    transport,
    url: addressOf(gateway),
    publicKeyPem,
    stop: async () => {
      await gateway.close();
      await course.close();
      await identity.close();
      await transport.close();
    },
  };
}

async function seedDemo(
  identity: NestFastifyApplication,
  course: NestFastifyApplication,
  domain: string,
  password: string,
) {
  const { tenantId } = await seedIdentityDemo(identity.get(DataSource), { domain, password });
  const courseData = course.get(DataSource);
  // The demo users reach the course service by event; wait for the projection to hold them.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await seedCourseDemo(courseData, tenantId);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
