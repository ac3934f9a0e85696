import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KafkaTransport } from '@lms/events';
import { z } from 'zod';
import { readEnv, variable } from './config';
import { stopTracing } from './tracing';

/** Stack mode: the Kafka transport of one service, from KAFKA_BROKERS. */
export function kafkaTransportFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): KafkaTransport {
  const config = readEnv(
    service,
    z.object({ KAFKA_BROKERS: variable.string(), KAFKA_PARTITIONS: variable.int(6, { min: 1 }) }),
    env,
  );
  return new KafkaTransport({
    brokers: config.KAFKA_BROKERS.split(',').map((broker) => broker.trim()),
    clientId: `lms-${service}-${process.pid}`,
    partitions: config.KAFKA_PARTITIONS,
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
    // The spans of the last requests, before the process goes.
    await stopTracing().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
