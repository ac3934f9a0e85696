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
  /**
   * What the decorators of each controller's handlers say, read once (metadata is fixed when the
   * app is built; a handler inherited by two controllers may differ by the class's decorators).
   */
  private readonly rules = new WeakMap<
    object,
    WeakMap<object, { isPublic: boolean; roles: PlatformRole[] | undefined }>
  >();

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const { isPublic, roles } = this.rulesOf(context);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized('Sign in first: no bearer token was sent');
    try {
      request.auth = await this.verifier.verify(match[1]);
    } catch (error) {
      throw unauthorized(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
    }
    if (roles && roles.length > 0 && !roles.includes(request.auth.role)) {
      throw forbidden(`This action is for ${roles.join(', ')} accounts`);
    }
    return true;
  }

  /** `@Public()` and `@Roles()` of the handler, else of its controller. */
  private rulesOf(context: ExecutionContext) {
    const handler = context.getHandler();
    const controller = context.getClass();
    let ofClass = this.rules.get(controller);
    if (!ofClass) this.rules.set(controller, (ofClass = new WeakMap()));
    let rules = ofClass.get(handler);
    if (!rules) {
      const targets = [handler, controller];
      rules = {
        isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) === true,
        roles: this.reflector.getAllAndOverride<PlatformRole[] | undefined>(ROLES_KEY, targets),
      };
      ofClass.set(handler, rules);
    }
    return rules;
  }
}
