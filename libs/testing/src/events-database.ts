import type { DataSource } from 'typeorm';
import { openServiceDataSource } from '@lms/database';
import { EventsTables1763800000000, InboxEvent, OutboxEvent, OutboxOrder1795533482436 } from '@lms/events';
import { createTestDatabase } from './database';

/**
 * A fresh database holding only the events tables (outbox, inbox), opened as `service`: for tests
 * of the event pipeline itself. `close()` closes and drops it.
 */
export async function openEventsDatabase(
  service: string,
): Promise<{ ds: DataSource; close(): Promise<void> }> {
  const db = await createTestDatabase(service);
  const ds = await openServiceDataSource({
    url: db.url,
    service,
    entities: [OutboxEvent, InboxEvent],
    migrations: [EventsTables1763800000000, OutboxOrder1795533482436],
  });
  return {
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}
