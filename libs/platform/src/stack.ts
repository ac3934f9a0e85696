import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KafkaTransport } from '@lms/events';
import { ConfigReader } from './config';

/** Stack mode: the Kafka transport of one service, from KAFKA_BROKERS. */
export function kafkaTransportFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): KafkaTransport {
  const read = new ConfigReader(env);
  const brokers = read.string('KAFKA_BROKERS');
  const partitions = read.int('KAFKA_PARTITIONS', 6);
  read.done(service);
  return new KafkaTransport({
    brokers: brokers.split(',').map((broker) => broker.trim()),
    clientId: `lms-${service}-${process.pid}`,
    partitions,
  });
}

/** Stops the service cleanly on SIGTERM/SIGINT (Kubernetes sends SIGTERM before killing a pod). */
export function closeOnSignals(
  app: NestFastifyApplication,
  transport: { close(): Promise<void> },
  service: string,
) {
  const logger = new Logger(service);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: closing`);
    await app.close();
    await transport.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
