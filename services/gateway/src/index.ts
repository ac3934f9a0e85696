export { GatewayConfig, type LocalService } from './config';
export { startGateway } from './bootstrap';
export { ROUTES, SERVICES, type ServiceName, SOCKET_ROUTES, urlVariable } from './routing/routes';
export { GatewayModule } from './app.module';
export { mergeDocuments } from './docs/merge';
