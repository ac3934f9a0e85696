import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { startPlatform, type RunningPlatform } from '../../services/all-in-one/src/platform';
import { DataSource } from 'typeorm';
import { testServerUrl } from '@lms/testing';

export interface TestPlatform extends RunningPlatform {
  /** The gateway's signing key, so tests can forge expired or foreign tokens. */
  privateKeyPem: string;
}

/**
 * The whole product (gateway and every service) on the test run's PostgreSQL, with the demo campus.
 * Returns once the seeded exam and task have reached the course service by event too (its agenda,
 * to-do and dashboard read them there), as they would have long before a person signs in.
 */
export async function startTestPlatform(
  options: {
    webDist?: string;
    trustedProxies?: string;
    serviceCalls?: 'hand-off' | 'http';
    smtpUrl?: string;
  } = {},
): Promise<TestPlatform> {
  const privateKeyPem = generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const platform = await startPlatform({
    jwtPrivateKey: privateKeyPem,
    postgresUrl: testServerUrl(),
    dataDir: mkdtempSync(join(tmpdir(), 'lms-e2e-')),
    port: 0,
    host: '127.0.0.1',
    seedDemo: true,
    demoPassword: 'lms-demo',
    logLevel: 'error',
    databasePrefix: `e2e_${randomBytes(3).toString('hex')}`,
    webDist: options.webDist ?? join(tmpdir(), 'lms-no-web-client'),
    trustedProxies: options.trustedProxies,
    serviceCalls: options.serviceCalls,
    smtpUrl: options.smtpUrl,
  });
  await seededProjectionsArrived(platform.services.course.get(DataSource));
  return { ...platform, privateKeyPem };
}

async function seededProjectionsArrived(course: DataSource, patienceMs = 30_000): Promise<void> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const [row]: Array<{ exams: boolean; tasks: boolean }> = await course.query(
      `SELECT EXISTS (SELECT 1 FROM exam_projections) AS exams, EXISTS (SELECT 1 FROM task_projections) AS tasks`,
    );
    if (row.exams && row.tasks) return;
    if (Date.now() > deadline)
      throw new Error(`the seeded exam and task did not reach the course service: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
