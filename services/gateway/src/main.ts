import 'reflect-metadata';
import { exitOnStartupFailure, startTracing, stopTracing } from '@lms/platform';
import { startGateway } from './bootstrap';
import { GatewayConfig } from './config';

let port: number | undefined;

/** Stack mode: the gateway as its own process. */
async function main() {
  startTracing({ process: 'gateway' });
  const config = GatewayConfig.fromEnv();
  port = config.port;
  const app = await startGateway(config);
  const close = async () => {
    await app.close();
    await stopTracing().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
}

main().catch(exitOnStartupFailure('gateway', () => ({ ports: { PORT: port } })));
