import { Controller, HttpCode, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { Attributes, type AttributesOf, respond, Responds } from '@lms/jsonapi';
import { tokenGrantResource } from './access.resource';
import { tokenValidateRules } from './access.rules';
import { ExamAccessService } from './access.service';

/** A student's exam token (spec 02 §7 `POST /exam/exams/token/validate`). */
@Controller('api/exam/exams/token')
export class ExamAccessController {
  constructor(private readonly access: ExamAccessService) {}

  /**
   * Checks the token the student typed against the exam's current token and records their grant,
   * which `GET /exam/exams/{id}/generate` then needs. 403 `token_wrong` (with the tries left),
   * `token_expired`, `token_used`, `too_many_guesses`.
   */
  @Post('validate')
  @HttpCode(200)
  @Roles('student')
  @Responds(tokenGrantResource)
  async validate(
    @CurrentAuth() auth: AuthContext,
    @Attributes(tokenValidateRules) input: AttributesOf<typeof tokenValidateRules>,
  ) {
    return respond(tokenGrantResource, await this.access.validateToken(auth, input.exam_id, input.token));
  }
}
