import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { startPlatform, type RunningPlatform } from '../../services/all-in-one/src/platform';
import { testServerUrl } from '@lms/testing';

export interface TestPlatform extends RunningPlatform {
  /** The gateway's signing key, so tests can forge expired or foreign tokens. */
  privateKeyPem: string;
}

/** The whole product (gateway, identity, course) on the test run's PostgreSQL, with the demo campus. */
export async function startTestPlatform(
  options: { webDist?: string; trustedProxies?: string; serviceCalls?: 'hand-off' | 'http' } = {},
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
  });
  return { ...platform, privateKeyPem };
}
