export { createServiceApp } from './service-app';
export type { ServiceAppOptions } from './service-app';
export { HealthController, HealthModule } from './health.controller';
export { ConfigReader } from './config';
export { kafkaTransportFromEnv, closeOnSignals } from './stack';
