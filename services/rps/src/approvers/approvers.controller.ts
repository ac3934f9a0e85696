import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { approverResource } from './approvers.resource';
import { approverCreateRules } from './approvers.rules';
import { ApproversService } from './approvers.service';

/** The lecturers who approve the campus's semester plans, named by its administrators. */
@Controller('api/rps/v1/approvers')
export class ApproversController {
  constructor(private readonly approvers: ApproversService) {}

  @Get()
  @Responds(approverResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext) {
    return respond(approverResource, await this.approvers.list(auth));
  }

  @Post()
  @Responds(approverResource)
  async add(
    @CurrentAuth() auth: AuthContext,
    @Attributes(approverCreateRules) input: AttributesOf<typeof approverCreateRules>,
  ) {
    return respond(approverResource, await this.approvers.add(auth, input.user_id));
  }

  @Delete(':userId')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('userId', ParseIdPipe) userId: number) {
    await this.approvers.remove(auth, userId);
  }
}
