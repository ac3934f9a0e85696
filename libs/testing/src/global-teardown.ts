export default async function globalTeardown(): Promise<void> {
  await globalThis.__LMS_TEST_PG__?.stop();
}
