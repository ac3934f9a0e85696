export { MessagingConfig } from './config';
export { messagingService } from './service';
export { seedMessagingDemo } from './seed/demo-messaging.seed';
