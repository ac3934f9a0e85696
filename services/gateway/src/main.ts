import 'reflect-metadata';
import { exitOnStartupFailure } from '@lms/platform';
import { startGateway } from './bootstrap';
import { GatewayConfig } from './config';

let port: number | undefined;

/** Stack mode: the gateway as its own process. */
async function main() {
  const config = GatewayConfig.fromEnv();
  port = config.port;
  const app = await startGateway(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
}

main().catch(exitOnStartupFailure('gateway', () => ({ ports: { PORT: port } })));
