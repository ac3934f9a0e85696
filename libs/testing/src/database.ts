import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@lms/database';

/** The PostgreSQL server of this test run (started by the global setup). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest.config.js');
  return url;
}

/** A fresh, empty database for one test file; `drop()` removes it afterwards. */
export async function createTestDatabase(
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  // A service's name may have hyphens (`demo-probe`); database names here have underscores.
  const name = `t_${prefix.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(testServerUrl(), name);
  return { url, name, drop: () => dropDatabase(testServerUrl(), name) };
}
