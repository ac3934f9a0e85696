export { MessagingConfig } from './config';
export { messagingService } from './service';
