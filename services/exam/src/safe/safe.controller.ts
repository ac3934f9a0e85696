import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { browserHost, type AuthContext, CurrentAuth } from '@lms/auth';
import { ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { sebConfigResource } from './safe.resource';
import { SafeExamService } from './safe.service';

/** Safe Exam Browser files of exams (spec 02 §7 `GET /exam/safe/{id}/download`), for their authors. */
@Controller('api/exam/safe')
export class SafeExamController {
  constructor(private readonly safe: SafeExamService) {}

  /**
   * The exam's `.seb` (an unencrypted SEB configuration: the exam's start page on this host, the
   * quit password, Browser Exam and Config Keys sent); its Config Key in `X-SEB-Config-Key`.
   * Its authors make it; the students of the exam download the last one made (404 before).
   */
  @Get(':id/download')
  async download(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const origin = `${request.protocol}://${browserHost(request.headers)}`;
    const { file, config } = await this.safe.download(auth, id, origin);
    return reply
      .header('content-type', 'application/seb')
      .header('content-disposition', `attachment; filename="exam-${id}.seb"`)
      .header('x-seb-config-key', config.configKey)
      .send(file);
  }

  /** The quit password, start URL and Config Key of the last `.seb` of the exam. */
  @Get(':id')
  @Responds(sebConfigResource, { nullable: true })
  async current(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(sebConfigResource, await this.safe.current(auth, id));
  }
}
