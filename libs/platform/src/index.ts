export { startMetricsServer } from './metrics';
export { BODY_LIMIT_BYTES, createServiceApp } from './service-app';
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
export {
  buildOpenApiDocument,
  collectOperations,
  describeModule,
  DocumentOperation,
  JSON_API_COMPONENTS,
  serveOpenApi,
  servedRoutes,
  writeDocumentSchema,
} from './openapi';
export type {
  JsonSchema,
  OpenApiDocument,
  OpenApiDocumentOptions,
  OpenApiOperation,
  OpenApiPaths,
} from './openapi';
export { describeStartupFailure, exitOnStartupFailure } from './startup';
export {
  CliRefusal,
  cliRefusalOf,
  CliUsageError,
  type CliValues,
  inCliWords,
  type OperatorCli,
  type OperatorCliContext,
  runOperatorCli,
} from './operator-cli';
export type { StartupSettings } from './startup';
export { PeriodicTask } from './periodic-task';
export { serviceModule } from './service-module';
export type { ServiceConfigBase, ServiceModuleOptions } from './service-module';
export { defineService, runService, seedWhenReady, startService } from './service-definition';
export type { DemoSeed, ServiceDefinition, ServiceStartOptions } from './service-definition';
export { sendJsonApiError } from './request-target';
export {
  annotateSpan,
  flushTracing,
  startTracing,
  stopTracing,
  traceHeaders,
  tracerOf,
  tracingEnabled,
} from './tracing';
export type { TracingOptions } from './tracing';
export {
  askUpstream,
  getUpstream,
  UpstreamError,
  upstreamAnswer,
  upstreamBase,
  upstreamJson,
} from './upstream';
export type { UpstreamFailure, UpstreamGet } from './upstream';
