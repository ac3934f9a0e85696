import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeUsername, RevokedSessions, TokenIssuer } from '@lms/auth';
import { DocumentOperation } from '@lms/platform';
import {
  Attributes,
  type AttributesOf,
  formatWireDate,
  JsonApiException,
  readAttributes,
  tooManyRequests,
} from '@lms/jsonapi';
import { GatewayConfig } from '../config';
import { SharedStore } from '../shared-store';
import { loginRules, ssoAuthorizeRules, ssoCallbackRules } from './auth.rules';
import { IdentityClient, type IssuedSession } from './identity.client';
import { SignInThrottle } from './sign-in-throttle';
import { TenantResolver } from './tenant.resolver';

/** Sign-in, token refresh and sign-out; the gateway signs the access tokens. */
@Controller('api')
export class AuthController {
  private readonly throttle: SignInThrottle;
  /** How long a revoked session stays listed: one access token's lifetime, and a minute of clock skew. */
  private readonly revocationMs: number;

  constructor(
    private readonly identity: IdentityClient,
    private readonly issuer: TokenIssuer,
    private readonly tenants: TenantResolver,
    private readonly revoked: RevokedSessions,
    config: GatewayConfig,
    shared: SharedStore,
  ) {
    this.throttle = new SignInThrottle(shared.store, config.signIn);
    this.revocationMs = (config.accessTtlSeconds + 60) * 1000;
  }

  @Post('user/auth/login')
  @HttpCode(200)
  async login(
    @Attributes(loginRules) { username, password }: AttributesOf<typeof loginRules>,
    @Req() request: FastifyRequest,
  ) {
    const account = normalizeUsername(username);
    const wait = await this.throttle.wait(request.ip, account);
    if (wait > 0) throw tooManyRequests(`Too many failed sign-ins; try again in ${wait} seconds`, wait);
    let session: IssuedSession;
    try {
      session = await this.identity.login({
        username,
        password,
        ...this.client(request),
        host: request.host,
      });
    } catch (error) {
      if (error instanceof JsonApiException && error.getStatus() === 401) {
        await this.throttle.failed(request.ip, account);
      }
      throw error;
    }
    await this.throttle.succeeded(request.ip, account);
    return this.tokens(session);
  }

  @Post('user/auth/refresh')
  @HttpCode(200)
  async refresh(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { refresh_token } = readAttributes(body);
    try {
      return this.tokens(await this.identity.refresh({ refresh_token, ...this.client(request) }));
    } catch (error) {
      // A refresh token used twice: identity closed its session; its access tokens end now too.
      if (error instanceof JsonApiException) {
        for (const problem of error.errors) {
          const revoked = problem.meta?.revoked_session_id;
          delete problem.meta;
          if (typeof revoked === 'string') await this.revoked.revoke(revoked, this.revocationMs);
        }
      }
      throw error;
    }
  }

  /**
   * Ends the session of the refresh token: 204; or, for a session the campus's identity provider
   * opened, 200 with `logout_url`, the provider's logout the browser goes to next, so the person is
   * signed out there too (and comes back to the sign-in page).
   */
  @Post('user/auth/logout')
  @HttpCode(204)
  @DocumentOperation({
    responses: {
      '200': {
        description: "A session the campus's identity provider opened: `logouts` with `logout_url`",
        content: {
          'application/vnd.api+json': { schema: { $ref: '#/components/schemas/Document' } },
          'application/json': { schema: { $ref: '#/components/schemas/Document' } },
        },
      },
    },
  })
  async logout(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { refresh_token } = readAttributes(body);
    const { session_id, logout_url } = await this.identity.logout({
      refresh_token,
      origin: `${request.protocol}://${request.host}`,
    });
    if (session_id) await this.revoked.revoke(session_id, this.revocationMs);
    if (!logout_url) return;
    reply.status(200);
    return { data: { type: 'logouts', id: session_id, attributes: { logout_url } } };
  }

  /**
   * Starts a sign-in through the campus's identity provider: the address to send the browser to
   * and the `state` it comes back to `/callback` with (the browser keeps it to recognise its own
   * answer). 404 when the campus has no provider.
   */
  @Post('sso/authorize')
  @HttpCode(200)
  async ssoAuthorize(
    @Attributes(ssoAuthorizeRules) { prompt }: AttributesOf<typeof ssoAuthorizeRules>,
    @Req() request: FastifyRequest,
  ) {
    const started = await this.identity.ssoStart({
      host: request.host,
      origin: `${request.protocol}://${request.host}`,
      prompt,
    });
    return {
      data: {
        type: 'sso-authorizations',
        id: started.state,
        attributes: { authorization_url: started.authorization_url, state: started.state },
      },
    };
  }

  /** Finishes a sign-in the provider answered: our own tokens, as for a password sign-in. */
  @Post('sso/callback')
  @HttpCode(200)
  async ssoCallback(
    @Attributes(ssoCallbackRules) { code, state }: AttributesOf<typeof ssoCallbackRules>,
    @Req() request: FastifyRequest,
  ) {
    return this.tokens(
      await this.identity.ssoCallback({ code, state, host: request.host, ...this.client(request) }),
    );
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
