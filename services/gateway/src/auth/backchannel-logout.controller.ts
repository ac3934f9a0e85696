import { Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RevokedSessions } from '@lms/auth';
import { Attributes, type AttributesOf, JsonApiException } from '@lms/jsonapi';
import { GatewayConfig } from '../config';
import { backchannelLogoutRules } from './auth.rules';
import { IdentityClient } from './identity.client';

/**
 * The identity provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): a person
 * signed out at the provider; identity verifies the logout token and ends the sessions it names,
 * whose access tokens the gateway refuses from now on. A refused token is a 400, as the spec asks.
 */
@Controller('webhook')
export class BackchannelLogoutController {
  private readonly revocationMs: number;

  constructor(
    private readonly identity: IdentityClient,
    private readonly revoked: RevokedSessions,
    config: GatewayConfig,
  ) {
    this.revocationMs = (config.accessTtlSeconds + 60) * 1000;
  }

  @Post('sso')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async logout(
    @Attributes(backchannelLogoutRules) { logout_token }: AttributesOf<typeof backchannelLogoutRules>,
    @Req() request: FastifyRequest,
  ) {
    let ended: string[];
    try {
      ({ session_ids: ended } = await this.identity.ssoLogout({ host: request.host, logout_token }));
    } catch (error) {
      if (error instanceof JsonApiException && error.getStatus() === 401)
        throw new JsonApiException(
          400,
          error.errors.map((problem) => ({ ...problem, status: '400', title: 'Bad Request' })),
        );
      throw error;
    }
    for (const session of ended) await this.revoked.revoke(session, this.revocationMs);
    return { meta: { ended_sessions: ended.length } };
  }
}
