import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { groupQuery, groupResource } from './groups.resource';
import { groupCreateRules, groupUpdateRules } from './groups.rules';
import { GroupsService } from './groups.service';

/** Groups of a group task: the staff make them, a student reads their own. */
@Controller('api/course/task')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  /** The task's groups with their members (staff: all; a student: theirs). `page[limit]=0` for all. */
  @Get(':id/groups')
  @Responds(groupResource, { list: true, meta: PAGE_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @JsonApiQuery(groupQuery) query: ParsedQuery,
  ) {
    const [groups, total] = await this.groups.list(auth, taskId, query);
    return respond(groupResource, groups, { meta: pageMeta(total, query) });
  }

  /** The caller's group of the task, or null when they are in none. */
  @Get(':id/groups/me')
  @Responds(groupResource, { nullable: true })
  async mine(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) taskId: number) {
    return respond(groupResource, await this.groups.mine(auth, taskId));
  }

  /** A new group of the task: `{name, student_ids}` (students of the task in no other group of it). */
  @Post(':id/groups')
  @Responds(groupResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @Attributes(groupCreateRules) input: AttributesOf<typeof groupCreateRules>,
  ) {
    return respond(groupResource, await this.groups.create(auth, taskId, input));
  }

  /** Renames the group; `student_ids`, when sent, become its members (all of them). */
  @Patch(':id/groups/:groupId')
  @Responds(groupResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @Param('groupId', ParseIdPipe) groupId: number,
    @Attributes(groupUpdateRules) input: AttributesOf<typeof groupUpdateRules>,
  ) {
    return respond(groupResource, await this.groups.update(auth, taskId, groupId, input));
  }

  /** Deletes a group without an answer (409 `has_answer` otherwise). */
  @Delete(':id/groups/:groupId')
  @HttpCode(204)
  async remove(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @Param('groupId', ParseIdPipe) groupId: number,
  ) {
    await this.groups.remove(auth, taskId, groupId);
  }
}
