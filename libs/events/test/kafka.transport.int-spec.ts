import { KafkaTransport } from '@lms/events';
import { stackServer } from '@lms/testing';
import { describeTransportContract } from './transport.contract';

describeTransportContract('kafka', async () => {
  const { KAFKA_BROKERS } = stackServer('kafka');
  return new KafkaTransport({
    brokers: KAFKA_BROKERS.split(','),
    clientId: 'contract-test',
    partitions: 3,
    maxAttempts: 3,
    retryDelayMs: 10,
  });
});
