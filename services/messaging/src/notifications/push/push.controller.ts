import { Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, respond, Responds } from '@lms/jsonapi';
import { notificationSettingsResource, pushTokenResource } from './push.resource';
import {
  type NotificationSettingsInput,
  notificationSettingsRules,
  type PushTokenInput,
  pushTokenRules,
} from './push.rules';
import { PushService } from './push.service';

/** Browser push and the notification choices (spec 01 §7 "push token"). */
@Controller('api/v2/notification/notifications')
export class PushController {
  constructor(private readonly push: PushService) {}

  /**
   * Registers the caller's browser for push (`action: update`, turning their push on) or forgets
   * it (`delete`: answers null). 503 when the server has no VAPID keys.
   */
  @Post('tokens')
  @HttpCode(200)
  @Responds(pushTokenResource, { nullable: true })
  async token(@CurrentAuth() auth: AuthContext, @Attributes(pushTokenRules) input: PushTokenInput) {
    return respond(pushTokenResource, await this.push.register(auth, input));
  }

  /** The caller's choices (push, mail, the digest's address) and the VAPID public key. */
  @Get('settings')
  @Responds(notificationSettingsResource)
  async settings(@CurrentAuth() auth: AuthContext) {
    return respond(notificationSettingsResource, await this.push.settings(auth));
  }

  /** Turns push or the mail digest on or off; push off also forgets the caller's browsers. */
  @Patch('settings')
  @Responds(notificationSettingsResource)
  async changeSettings(
    @CurrentAuth() auth: AuthContext,
    @Attributes(notificationSettingsRules) input: NotificationSettingsInput,
  ) {
    return respond(notificationSettingsResource, await this.push.changeSettings(auth, input));
  }
}
