import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { groupResource } from './groups.resource';
import { fromSetRules, groupSetResource } from './group-sets.resource';
import { GroupSetsService } from './group-sets.service';

/** A group task's groups from the course's sets of groups (staff of the course). */
@Controller('api/course/task')
export class GroupSetsController {
  constructor(private readonly sets: GroupSetsService) {}

  /** The course's sets of groups the task can copy. */
  @Get(':id/groups/sets')
  @Responds(groupSetResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) taskId: number) {
    return respond(groupSetResource, await this.sets.sets(auth, taskId));
  }

  /** Replaces the task's groups by copies of the set's groups (members who take the task). */
  @Post(':id/groups/from-set')
  @HttpCode(200)
  @Responds(groupResource, { list: true })
  async copy(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @Attributes(fromSetRules) input: AttributesOf<typeof fromSetRules>,
  ) {
    return respond(groupResource, await this.sets.copy(auth, taskId, input.type));
  }
}
