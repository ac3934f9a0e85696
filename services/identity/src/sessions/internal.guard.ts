import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { forbidden } from '@lms/jsonapi';
import { IdentityConfig } from '../config';

/**
 * Internal endpoints (`/internal/...`) answer only the gateway, which proves itself with the
 * shared INTERNAL_TOKEN. The gateway never routes `/internal` from the outside.
 */
@Injectable()
export class InternalGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(config: IdentityConfig) {
    this.expected = Buffer.from(config.internalToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[
      'x-internal-token'
    ];
    const given = Buffer.from(typeof header === 'string' ? header : '');
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected)) {
      throw forbidden('Internal endpoint');
    }
    return true;
  }
}
