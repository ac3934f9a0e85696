export { IdentityConfig } from './config';
export { identityService } from './service';
export { seedIdentityDemo, DEMO_USERS } from './seed/demo.seed';
