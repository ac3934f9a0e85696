import { MemoryStore } from '@lms/cache';
import { describeStoreContract } from './store.contract';

describeStoreContract('memory', async () => new MemoryStore());
