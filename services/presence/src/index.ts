export { PresenceConfig } from './config';
export { seedPresenceDemo } from './seed/demo-presence.seed';
export { presenceService } from './service';
