import { Gauge, register } from 'prom-client';
import type { DataSource } from 'typeorm';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Map<string, DataSource>();

new Gauge({
  name: 'lms_db_pool_connections',
  help: "Connections of a service's PostgreSQL pool: open (total), idle, and queries waiting for one",
  labelNames: ['service', 'state'] as const,
  registers: [register],
  collect() {
    this.reset();
    for (const [service, dataSource] of pools) {
      const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
      if (!dataSource.isInitialized || !pool) {
        pools.delete(service);
        continue;
      }
      this.set({ service, state: 'total' }, pool.totalCount);
      this.set({ service, state: 'idle' }, pool.idleCount);
      this.set({ service, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports the pool of an open DataSource (in the process's Prometheus registry) until it is destroyed. */
export function trackDatabasePool(service: string, dataSource: DataSource): void {
  pools.set(service, dataSource);
}
