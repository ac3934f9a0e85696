import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TokenIssuer } from '@lms/auth';
import { formatWireDate, readAttributes, tooManyRequests } from '@lms/jsonapi';
import { GatewayConfig } from '../config';
import { IdentityClient, type IssuedSession } from './identity.client';
import { SharedStore } from '../shared-store';
import { RateLimiter } from './rate-limiter';
import { TenantResolver } from './tenant.resolver';

/** Sign-in, token refresh and sign-out; the gateway signs the access tokens. */
@Controller('api')
export class AuthController {
  /** Guessing one account's password from one address. */
  private readonly accountLimiter: RateLimiter;
  /** Spraying many accounts from one address; generous, since a campus shares few addresses. */
  private readonly addressLimiter: RateLimiter;

  constructor(
    private readonly identity: IdentityClient,
    private readonly issuer: TokenIssuer,
    private readonly tenants: TenantResolver,
    config: GatewayConfig,
    shared: SharedStore,
  ) {
    this.accountLimiter = new RateLimiter(
      shared.store,
      'login-account',
      config.loginAttemptsPerMinute,
      60_000,
    );
    this.addressLimiter = new RateLimiter(
      shared.store,
      'login-address',
      config.loginAttemptsPerMinute * 50,
      60_000,
    );
  }

  @Post('user/auth/login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { username, password } = readAttributes(body);
    const wait = Math.max(
      await this.accountLimiter.hit(`${request.ip}|${String(username).toLowerCase()}`),
      await this.addressLimiter.hit(request.ip),
    );
    if (wait > 0) throw tooManyRequests(`Too many sign-in attempts; try again in ${wait} seconds`, wait);
    const session = await this.identity.login({
      username,
      password,
      ...this.client(request),
      host: request.host,
    });
    return this.tokens(session);
  }

  @Post('user/auth/refresh')
  @HttpCode(200)
  async refresh(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { refresh_token } = readAttributes(body);
    return this.tokens(await this.identity.refresh({ refresh_token, ...this.client(request) }));
  }

  @Post('user/auth/logout')
  @HttpCode(204)
  async logout(@Body() body: unknown) {
    const { refresh_token } = readAttributes(body);
    await this.identity.logout({ refresh_token });
  }

  /** Server time in the campus's zone, for clocks and count-downs that must agree with the server. */
  @Get('time')
  async time(@Req() request: FastifyRequest) {
    const tenant = await this.tenants.resolve(request.host);
    const now = new Date();
    const timeZone = tenant?.timeZone ?? 'UTC';
    return {
      data: {
        type: 'server-times',
        id: String(now.getTime()),
        attributes: { time: formatWireDate(now, timeZone), timestamp: now.getTime(), time_zone: timeZone },
      },
    };
  }

  private client(request: FastifyRequest) {
    return { ip: request.ip, user_agent: String(request.headers['user-agent'] ?? '').slice(0, 1000) };
  }

  private async tokens(session: IssuedSession) {
    const accessToken = await this.issuer.issue(session.claims);
    return {
      data: {
        type: 'auth-tokens',
        id: session.claims.sessionId,
        attributes: {
          access_token: accessToken,
          refresh_token: session.refreshToken,
          token_type: 'Bearer',
          expires_in: this.issuer.ttlSeconds,
          refresh_expires_at: session.refreshExpiresAt,
        },
      },
    };
  }
}
