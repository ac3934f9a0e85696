import type Redis from 'ioredis';

/**
 * QUIT, and resolves once the connection is closed (not merely when Redis answered OK); a
 * connection that cannot QUIT is dropped.
 */
export function quitRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    client.once('end', () => resolve());
    client.quit().catch(() => client.disconnect());
  });
}
