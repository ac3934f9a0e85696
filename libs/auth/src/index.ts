export {
  TokenIssuer,
  TokenVerifier,
  InvalidTokenError,
  loadOrCreatePrivateKeyPem,
  PLATFORM_ROLES,
} from './tokens';
export type { AuthContext, PlatformRole } from './tokens';
export {
  CurrentAuth,
  JSON_API_QUERY_KEY,
  JsonApiQuery,
  Public,
  PUBLIC_KEY,
  Roles,
  ROLES_KEY,
} from './decorators';
export type { JsonApiQueryMetadata } from './decorators';
export { DocumentRenderer, renderAnswer } from './document.renderer';
export type { AuthenticatedRequest } from './decorators';
export { AuthGuard } from './auth.guard';
export { AuthModule } from './auth.module';
export { assertCourseRole } from './course-roles';
export type { CourseRole, CourseRoleLookup } from './course-roles';
export { browserHost, normalizeHost } from './host';
export { CREDENTIAL_LIMITS, normalizeUsername } from './username';
export { RevokedSessions } from './revoked-sessions';
export type { RevokedSessionsOptions } from './revoked-sessions';
