import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '@lms/auth';
import { Attributes, type AttributesOf } from '@lms/jsonapi';
import { originOf } from '../account-mail/account-mail';
import { registrationRules, verificationRules } from './registrations.rules';
import { RegistrationsService } from './registrations.service';

/** A visitor creates their own (student) account, on a campus that allows it, verified by mail. */
@Controller('api/account/register')
export class RegistrationsController {
  constructor(private readonly registrations: RegistrationsService) {}

  /**
   * Sends a mail to the address: a verification link (valid 24 hours, once), or, when the address
   * already has an account or the username is taken, a mail saying so. The answer (204) is the
   * same in every case. 403 when the campus does not allow registration (or signs in through its
   * identity provider); 404 when no campus is served at the host; 422 on `email` for an address
   * outside the campus's registration domains; at most 3 per address and 20 per client in
   * 15 minutes (429).
   */
  @Public()
  @Post()
  @HttpCode(204)
  async register(
    @Attributes(registrationRules) input: AttributesOf<typeof registrationRules>,
    @Req() request: FastifyRequest,
  ) {
    await this.registrations.register(originOf(request), input);
  }

  /**
   * Follows a verification link: the account is created, active, and may sign in. 422 on
   * `token` when the link is not valid (used, expired, another campus's) or its username was
   * taken meanwhile.
   */
  @Public()
  @Post('verify')
  @HttpCode(204)
  async verify(
    @Attributes(verificationRules) input: AttributesOf<typeof verificationRules>,
    @Req() request: FastifyRequest,
  ) {
    await this.registrations.verify(originOf(request), input.token);
  }
}
