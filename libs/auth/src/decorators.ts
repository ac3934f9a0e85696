import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { parseQuery, type QuerySpec, type RawQuery } from '@lms/jsonapi';
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
  query?: unknown;
}

/** The verified caller of the current request. */
export const CurrentAuth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.auth) throw new Error('CurrentAuth used on an endpoint without authentication');
  return request.auth;
});

/** Metadata key under which `@JsonApiQuery` records a handler's query spec (read by the OpenAPI builder). */
export const JSON_API_QUERY_KEY = 'lms:jsonapi-query';

export interface JsonApiQueryMetadata extends QueryOptions {
  spec: QuerySpec;
}

interface QueryOptions {
  /** Only `include` is read (the query of a single resource). */
  includeOnly?: boolean;
}

const ParsedQueryParam = createParamDecorator(
  ({ spec, includeOnly }: JsonApiQueryMetadata, context: ExecutionContext) => {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const raw = (request.query ?? {}) as RawQuery;
    return parseQuery(includeOnly ? { include: raw.include } : raw, spec, {
      timeZone: request.auth?.timeZone,
    });
  },
);

/**
 * The request's `filter`, `sort`, `page` and `include` parsed against `spec` (400 on anything it
 * does not allow), dates read in the caller's campus time zone (UTC without a token).
 */
export function JsonApiQuery(spec: QuerySpec, options: QueryOptions = {}): ParameterDecorator {
  const metadata: JsonApiQueryMetadata = { spec, ...options };
  return (target, key, index) => {
    if (key !== undefined) Reflect.defineMetadata(JSON_API_QUERY_KEY, metadata, target, key);
    ParsedQueryParam(metadata)(target, key, index);
  };
}
