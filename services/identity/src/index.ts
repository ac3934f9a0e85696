export { IdentityConfig } from './config';
export { startIdentity } from './bootstrap';
export { seedIdentityDemo, DEMO_USERS } from './seed/demo.seed';
