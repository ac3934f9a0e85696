export { createTestDatabase, testServerUrl } from './database';
export { createTestIssuer, mintToken } from './tokens';
export { expectEventually } from './eventually';
export { freePort } from './global-setup';
export { ApiClient } from './http';
export type { ApiResponse, JsonDocument, JsonResource } from './http';
export { checkMigrations } from './migrations';
export { crashStackServer, stackServer } from './stack';
export type { StackInstance, StackPart } from './stack';
