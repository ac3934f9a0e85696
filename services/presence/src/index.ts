export { PresenceConfig } from './config';
export { presenceService } from './service';
