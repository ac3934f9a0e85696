import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthContext, PlatformRole } from './tokens';

export const PUBLIC_KEY = 'lms:public';
export const ROLES_KEY = 'lms:roles';

/** The endpoint needs no token (site info, login). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only these platform roles may call the endpoint (any signed-in user when absent). */
export const Roles = (...roles: PlatformRole[]) => SetMetadata(ROLES_KEY, roles);

export interface AuthenticatedRequest {
  auth?: AuthContext;
  headers: Record<string, string | string[] | undefined>;
}

/** The verified caller of the current request. */
export const CurrentAuth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.auth) throw new Error('CurrentAuth used on an endpoint without authentication');
  return request.auth;
});
