export { GatewayConfig } from './config';
export { startGateway } from './bootstrap';
export { ROUTES, SERVICES, SOCKET_ROUTES, urlVariable } from './routing/routes';
export { GatewayModule } from './app.module';
export { mergeDocuments } from './docs/merge';
