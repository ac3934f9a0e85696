import { stopStackServersStartedBy } from './stack';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__LMS_TEST_PG__?.stop();
  if (process.env.LMS_TEST_STARTED_FILE) stopStackServersStartedBy(process.env.LMS_TEST_STARTED_FILE);
}
