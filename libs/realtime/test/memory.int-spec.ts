import { describeRealtimeContract } from './realtime.contract';

describeRealtimeContract('in-memory', () => undefined);
