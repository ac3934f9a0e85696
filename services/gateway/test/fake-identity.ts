import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeUsername } from '@lms/auth';

export const CAMPUSES: Record<string, { id: number; timeZone: string; name: string }> = {
  'campus-a.test': { id: 1, timeZone: 'Asia/Jakarta', name: 'Campus A' },
  'campus-b.test': { id: 2, timeZone: 'Asia/Makassar', name: 'Campus B' },
};
export const PASSWORD = 'correct horse';

export interface LoginCall {
  username: string;
  host: string;
  ip: string;
}

/**
 * Identity's internal API as the gateway uses it, answering at once (no argon2), so thousands of
 * sign-ins take seconds and the test measures the gateway's throttling alone: every username
 * exists with PASSWORD, except `nobody-*`, which do not exist (the same 401 as a wrong password).
 */
export class FakeIdentity {
  readonly logins: LoginCall[] = [];
  private readonly refreshTokens = new Map<string, { family: string; used: boolean; tenantId: number }>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let text = '';
    for await (const chunk of request) text += chunk;
    const input = text ? (JSON.parse(text) as Record<string, string>) : {};
    const url = new URL(request.url ?? '/', 'http://identity');
    const unauthorized = (detail: string, meta?: Record<string, unknown>) =>
      [401, { errors: [{ status: '401', title: 'Unauthorized', detail, ...(meta ? { meta } : {}) }] }] as [
        number,
        unknown,
      ];
    switch (`${request.method} ${url.pathname}`) {
      case 'GET /internal/tenants/resolve': {
        const campus = CAMPUSES[url.searchParams.get('host') ?? ''];
        return campus
          ? [200, campus]
          : [404, { errors: [{ status: '404', title: 'Not Found', detail: 'x' }] }];
      }
      case 'POST /internal/auth/login': {
        this.logins.push({ username: input.username, host: input.host, ip: input.ip });
        const campus = CAMPUSES[input.host];
        const username = normalizeUsername(input.username);
        if (!campus || username.startsWith('nobody') || input.password !== PASSWORD) {
          return unauthorized('Username or password is incorrect');
        }
        return [200, this.issue(campus.id, randomUUID())];
      }
      case 'POST /internal/auth/refresh': {
        const token = this.refreshTokens.get(input.refresh_token);
        if (!token) return unauthorized('Session has ended; sign in again');
        if (token.used) {
          return unauthorized('Refresh token was already used; every session of this sign-in is closed', {
            revoked_session_id: token.family,
          });
        }
        token.used = true;
        return [200, this.issue(token.tenantId, token.family)];
      }
      case 'POST /internal/auth/logout':
        return [200, { session_id: this.refreshTokens.get(input.refresh_token)?.family ?? null }];
      case 'GET /api/login/me':
        return [200, { data: { type: 'users', id: '1', attributes: {} } }];
      default:
        return [404, { errors: [{ status: '404', title: 'Not Found', detail: url.pathname }] }];
    }
  }

  private issue(tenantId: number, family: string) {
    const refreshToken = randomBytes(16).toString('hex');
    this.refreshTokens.set(refreshToken, { family, used: false, tenantId });
    return {
      claims: {
        userId: 1,
        tenantId,
        role: 'student',
        studentId: 1,
        lecturerId: null,
        sessionId: family,
        timeZone: 'Asia/Jakarta',
      },
      refreshToken,
      refreshExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
  }
}
