import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { PendingDocument } from '@lms/jsonapi';
import type { AuthenticatedRequest } from './decorators';

/**
 * Global response interceptor: a controller that answers `respond(resource, data, options)` gets
 * its document written with the caller's campus time zone (the token's `tz`), UTC for a caller
 * without a token unless the controller fixed a zone. Other answers pass unchanged.
 */
@Injectable()
export class DocumentInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return next
      .handle()
      .pipe(
        map((value: unknown) =>
          value instanceof PendingDocument ? value.render(request.auth?.timeZone ?? 'UTC') : value,
        ),
      );
  }
}
