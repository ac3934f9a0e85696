import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type KeyValueStore, storeFromEnv } from '@lms/cache';
import { GatewayConfig } from './config';

/** The gateway's shared short-lived state: Redis when REDIS_URL is set, else memory. */
@Injectable()
export class SharedStore implements OnModuleDestroy {
  readonly store: KeyValueStore;

  constructor(config: GatewayConfig) {
    this.store = storeFromEnv('gateway', { REDIS_URL: config.redisUrl });
  }

  onModuleDestroy(): Promise<void> {
    return this.store.close();
  }
}
