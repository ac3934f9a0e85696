import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { SsoService } from './sso.service';
import { ssoSettingsResource, ssoSettingsRules } from './sso.settings';

/**
 * A campus's OpenID Connect provider, set by its operators (platform `admin` for every campus,
 * `lptk` for its own). The client secret is written, never answered.
 */
@Controller('api/admin/campuses/:id/sso')
@Roles('admin', 'lptk')
export class SsoSettingsController {
  constructor(private readonly sso: SsoService) {}

  @Get()
  @Responds(ssoSettingsResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(ssoSettingsResource, await this.sso.settings(auth, id));
  }

  /** Sets (replaces) the provider; the issuer's discovery document must answer. */
  @Put()
  @Responds(ssoSettingsResource)
  async put(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(ssoSettingsRules) input: AttributesOf<typeof ssoSettingsRules>,
  ) {
    return respond(ssoSettingsResource, await this.sso.configure(auth, id, input));
  }

  /** The campus signs in with passwords only. */
  @Delete()
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.sso.remove(auth, id);
  }
}
