import { Controller, Get, Param, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { signalResource } from './access.resource';
import { signalRules } from './signals.rules';
import { SignalsService } from './signals.service';

/** Proctoring signals of an attempt (issue 13): reported by its student, read by the exam's staff. */
@Controller('api/exam/studentexams')
export class SignalsController {
  constructor(private readonly signals: SignalsService) {}

  /**
   * The student's browser reports `{kind: tab_hidden|window_blur|offline|online|fullscreen_exit,
   * at}` for their own running attempt (403 `closed` once it ended; 429 past 30 a minute or 1000
   * in all).
   */
  @Post(':id/signals')
  @Roles('student')
  @Responds(signalResource)
  async record(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(signalRules) input: AttributesOf<typeof signalRules>,
  ) {
    return respond(signalResource, await this.signals.record(auth, id, input));
  }

  /** The attempt's signals, oldest first: for the exam's lecturer, assistants and campus administrators. */
  @Get(':id/signals')
  @Responds(signalResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(signalResource, await this.signals.list(auth, id));
  }
}
