import { Injectable } from '@nestjs/common';
import { Pool } from 'undici';
import type { AuthContext } from '@lms/auth';
import { JsonApiException, type JsonApiErrorObject, serviceUnavailable } from '@lms/jsonapi';
import { GATEWAY_TOKEN_HEADER, traceHeaders } from '@lms/platform';
import { GatewayConfig } from '../config';

export interface IssuedSession {
  claims: AuthContext;
  refreshToken: string;
  refreshExpiresAt: string;
}

export interface ResolvedTenant {
  id: number;
  timeZone: string;
  name: string;
}

/** The gateway's calls to identity's internal endpoints (credentials, sessions, campuses). */
@Injectable()
export class IdentityClient {
  private readonly pool: Pool;

  constructor(private readonly config: GatewayConfig) {
    this.pool = new Pool(config.services.identity as string, { connections: 32 });
  }

  login(input: Record<string, unknown>): Promise<IssuedSession> {
    return this.call('POST', '/internal/auth/login', input);
  }

  refresh(input: Record<string, unknown>): Promise<IssuedSession> {
    return this.call('POST', '/internal/auth/refresh', input);
  }

  /**
   * Ends the refresh token's session; answers its id (the `sid` of its access tokens), if any, and
   * for a session the campus's provider opened, the provider's logout address (else null).
   */
  logout(input: Record<string, unknown>): Promise<{ session_id: string | null; logout_url?: string | null }> {
    return this.call('POST', '/internal/auth/logout', input);
  }

  /** A sign-in through the campus's identity provider: where to send the browser, and its state. */
  ssoStart(input: Record<string, unknown>): Promise<{ authorization_url: string; state: string }> {
    return this.call('POST', '/internal/sso/start', input);
  }

  /** The provider's answer to a sign-in, checked by identity: a session as for a password sign-in. */
  ssoCallback(input: Record<string, unknown>): Promise<IssuedSession> {
    return this.call('POST', '/internal/sso/callback', input);
  }

  /** The provider's back-channel logout: the ids of the sessions identity ended. */
  ssoLogout(input: Record<string, unknown>): Promise<{ session_ids: string[] }> {
    return this.call('POST', '/internal/sso/logout', input);
  }

  /** The campus served at `host`, or null when there is none. */
  async tenantByHost(host: string): Promise<ResolvedTenant | null> {
    try {
      return await this.call<ResolvedTenant>(
        'GET',
        `/internal/tenants/resolve?host=${encodeURIComponent(host)}`,
      );
    } catch (error) {
      if (error instanceof JsonApiException && error.getStatus() === 404) return null;
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response;
    try {
      response = await this.pool.request({
        method,
        path,
        headers: {
          'content-type': 'application/json',
          'x-internal-token': this.config.internalToken,
          // Identity continues the gateway's trace (the trace headers of the gateway's own span,
          // believed because the gateway proves itself with its token).
          ...traceHeaders(),
          [GATEWAY_TOKEN_HEADER]: this.config.internalToken,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw serviceUnavailable('The identity service is not reachable; try again shortly');
    }
    if (response.statusCode === 204) {
      await response.body.dump();
      return undefined as T;
    }
    const payload = (await response.body.json().catch(() => null)) as {
      errors?: JsonApiErrorObject[];
    } | null;
    if (response.statusCode >= 400) {
      if (payload?.errors?.length) {
        const retryAfter = Number(response.headers['retry-after']);
        throw new JsonApiException(
          response.statusCode,
          payload.errors,
          retryAfter > 0 ? retryAfter : undefined,
        );
      }
      throw serviceUnavailable('The identity service failed; try again shortly');
    }
    return payload as T;
  }
}
