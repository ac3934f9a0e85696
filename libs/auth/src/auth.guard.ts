import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { forbidden, unauthorized } from '@lms/jsonapi';
import { type AuthenticatedRequest, PUBLIC_KEY, ROLES_KEY } from './decorators';
import { InvalidTokenError, type PlatformRole, TokenVerifier } from './tokens';

/**
 * Global guard: every endpoint needs a valid access token unless marked `@Public()`, and a
 * platform role from `@Roles()` when it lists any.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized('Sign in first: no bearer token was sent');
    try {
      request.auth = await this.verifier.verify(match[1]);
    } catch (error) {
      throw unauthorized(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
    }
    const roles = this.reflector.getAllAndOverride<PlatformRole[] | undefined>(ROLES_KEY, targets);
    if (roles && roles.length > 0 && !roles.includes(request.auth.role)) {
      throw forbidden(`This action is for ${roles.join(', ')} accounts`);
    }
    return true;
  }
}
