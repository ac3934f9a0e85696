import 'reflect-metadata';
import { startGateway } from './bootstrap';
import { GatewayConfig } from './config';

/** Stack mode: the gateway as its own process. */
async function main() {
  const app = await startGateway(GatewayConfig.fromEnv());
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
