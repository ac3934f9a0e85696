export { createServiceApp } from './service-app';
export type { ServiceAppOptions } from './service-app';
export { HealthController, HealthModule } from './health.controller';
export { readEnv, variable } from './config';
export { kafkaTransportFromEnv, closeOnSignals } from './stack';
export {
  clientAddress,
  type ForwardingTrust,
  GATEWAY_TOKEN_HEADER,
  guardForwardedHeaders,
  TrustedProxies,
} from './forwarding';
