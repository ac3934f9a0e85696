import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, Public } from '@lms/auth';
import { Attributes, type AttributesOf } from '@lms/jsonapi';
import { originOf } from '../account-mail/account-mail';
import { changeRules, forgotRules, resetRules } from './passwords.rules';
import { PasswordsService } from './passwords.service';

/** A user's own password: forgotten (a link by mail), reset by that link, or changed. */
@Controller('api/account')
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  /**
   * Sends a reset link to the accounts of this campus with this e-mail address, if any: the
   * answer (204) is the same either way. At most 3 per address and 20 per client in 15 minutes (429).
   */
  @Public()
  @Post('password/forgot')
  @HttpCode(204)
  async forgot(
    @Attributes(forgotRules) input: AttributesOf<typeof forgotRules>,
    @Req() request: FastifyRequest,
  ) {
    await this.passwords.forgot(originOf(request), input.email);
  }

  /** Sets a new password with the token of a reset link (once; 422 on `token` when it is not valid). */
  @Public()
  @Post('password/reset')
  @HttpCode(204)
  async reset(
    @Attributes(resetRules) input: AttributesOf<typeof resetRules>,
    @Req() request: FastifyRequest,
  ) {
    await this.passwords.reset(originOf(request), input.token, input.password);
  }

  /** The signed-in user changes their password; every session of theirs ends (sign in again). */
  @Post('password')
  @HttpCode(204)
  async change(
    @CurrentAuth() auth: AuthContext,
    @Attributes(changeRules) input: AttributesOf<typeof changeRules>,
  ) {
    await this.passwords.change(auth, input.current_password, input.password);
  }
}
