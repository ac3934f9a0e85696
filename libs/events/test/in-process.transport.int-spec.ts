import { InProcessTransport } from '@lms/events';
import { describeTransportContract } from './transport.contract';

describeTransportContract('in-process', async () => {
  const transport = new InProcessTransport({ maxAttempts: 3, retryDelayMs: 1 });
  transport.open();
  return transport;
});
