import { RedisStore } from '@lms/cache';
import { stackServer } from '@lms/testing';
import { describeStoreContract } from './store.contract';

describeStoreContract(
  'Redis',
  async () => new RedisStore(stackServer('redis').REDIS_URL, 'lms:contract-test:'),
);
