import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { closeOnSignals, kafkaTransportFromEnv } from '@lms/platform';
import { startIdentity } from './bootstrap';
import { IdentityConfig } from './config';
import { seedIdentityDemo } from './seed/demo.seed';

/** Stack mode: identity as its own process, events on Kafka. */
async function main() {
  const config = IdentityConfig.fromEnv();
  const transport = kafkaTransportFromEnv('identity');
  const app = await startIdentity(config, transport, { host: '0.0.0.0' });
  closeOnSignals(app, transport, 'identity');
  if (config.seedDemo) {
    await seedIdentityDemo(app.get(DataSource), {
      domain: process.env.DEMO_DOMAIN ?? 'localhost',
      password: config.demoPassword,
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
