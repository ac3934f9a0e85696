export { GatewayConfig } from './config';
export { startGateway } from './bootstrap';
