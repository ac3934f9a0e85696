import { Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { Public } from '@lms/auth';
import { Attributes, type AttributesOf, notFound } from '@lms/jsonapi';
import { TenantsService } from '../tenants/tenants.service';
import { InternalGuard } from './internal.guard';
import { SsoService } from '../sso/sso.service';
import {
  loginRules,
  logoutRules,
  refreshRules,
  ssoCallbackRules,
  ssoLogoutRules,
  ssoStartRules,
} from './sessions.rules';
import { SessionsService } from './sessions.service';

/** What only the gateway calls: credentials, refresh-token rotation, host → campus. */
@Public()
@UseGuards(InternalGuard)
@Controller('internal')
export class InternalController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly tenants: TenantsService,
    private readonly sso: SsoService,
  ) {}

  @Post('auth/login')
  @HttpCode(200)
  login(@Attributes(loginRules) input: AttributesOf<typeof loginRules>) {
    return this.sessions.login(input.host, input.username, input.password, {
      ip: input.ip,
      userAgent: input.user_agent,
    });
  }

  @Post('auth/refresh')
  @HttpCode(200)
  refresh(@Attributes(refreshRules) input: AttributesOf<typeof refreshRules>) {
    return this.sessions.refresh(input.refresh_token, { ip: input.ip, userAgent: input.user_agent });
  }

  /**
   * The ended session's id, so the gateway refuses its access tokens from now on, and — for a
   * session the campus's provider opened — the provider's logout address to send the browser to.
   */
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Attributes(logoutRules) input: AttributesOf<typeof logoutRules>) {
    const sessionId = await this.sessions.logout(input.refresh_token);
    const logoutUrl =
      sessionId && input.origin ? await this.sso.endSessionUrl(sessionId, input.origin) : null;
    return { session_id: sessionId, logout_url: logoutUrl };
  }

  /** A sign-in through the campus's identity provider: where to send the browser. */
  @Post('sso/start')
  @HttpCode(200)
  ssoStart(@Attributes(ssoStartRules) input: AttributesOf<typeof ssoStartRules>) {
    return this.sso.start(input.host, input.origin, input.prompt);
  }

  /** The provider's answer to a sign-in: a session as for a password sign-in. */
  @Post('sso/callback')
  @HttpCode(200)
  ssoCallback(@Attributes(ssoCallbackRules) input: AttributesOf<typeof ssoCallbackRules>) {
    return this.sso.finish(input.host, input.code, input.state, {
      ip: input.ip,
      userAgent: input.user_agent,
    });
  }

  /** The provider's back-channel logout: the ids of the sessions it ended. */
  @Post('sso/logout')
  @HttpCode(200)
  async ssoLogout(@Attributes(ssoLogoutRules) input: AttributesOf<typeof ssoLogoutRules>) {
    return { session_ids: await this.sso.backchannelLogout(input.host, input.logout_token) };
  }

  @Get('tenants/resolve')
  async resolve(@Query('host') host: unknown) {
    const tenant = typeof host === 'string' ? await this.tenants.findByHost(host) : null;
    if (!tenant) throw notFound('No campus is served at this host');
    return { id: tenant.id, timeZone: tenant.timeZone, name: tenant.name };
  }
}
