import { Gauge, register } from 'prom-client';

const servers = new Map<string, () => number>();

new Gauge({
  name: 'lms_socket_connections',
  help: 'socket.io connections open on this process, by path',
  labelNames: ['path'] as const,
  registers: [register],
  collect() {
    this.reset();
    for (const [path, count] of servers) this.set({ path }, count());
  },
});

/** Reports the connections of the socket.io server at `path` until the returned function is called. */
export function trackSocketConnections(path: string, count: () => number): () => void {
  servers.set(path, count);
  return () => {
    if (servers.get(path) === count) servers.delete(path);
  };
}
