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
  z,
} from '@lms/jsonapi';
import { groupPreviewResource, groupQuery, groupResource } from './groups.resource';
import { groupCreateRules, groupGenerateRules, groupUpdateRules } from './groups.rules';
import { GroupsService } from './groups.service';

/** Groups of a course in sets (spec 03 §7): the teaching staff write, the course's members read. */
@Controller('api/course/groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  /** Groups of the caller's courses: `filter[course_id][is]`, `filter[groups_type][is]` (the set). */
  @Get()
  @Responds(groupResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(groupQuery) query: ParsedQuery) {
    const [groups, total] = await this.groups.list(auth, query);
    return respond(groupResource, groups, { meta: pageMeta(total, query) });
  }

  /**
   * Makes the set `type` anew from the course's students (or one class's), shuffled by `seed`:
   * groups of `student_count` (the remainder spread) or `group_count` groups (sizes differ by at
   * most one), each led by its first member. `preview: true` answers `group-previews` and saves
   * nothing; the same seed then saves the same groups. `meta.seed` is the seed used.
   */
  @Post('generate')
  @HttpCode(200)
  @Responds([groupResource, groupPreviewResource], {
    list: true,
    meta: z.object({ seed: z.string(), preview: z.boolean() }),
  })
  async generate(
    @CurrentAuth() auth: AuthContext,
    @Attributes(groupGenerateRules) input: AttributesOf<typeof groupGenerateRules>,
  ) {
    const made = await this.groups.generate(auth, input);
    if (made.preview)
      return respond(groupPreviewResource, made.groups, { meta: { seed: made.seed, preview: true } });
    return respond(groupResource, made.groups, { meta: { seed: made.seed, preview: false } });
  }

  @Get(':id')
  @Responds(groupResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(groupResource, await this.groups.get(auth, id));
  }

  /** A group of a set: `{course_id, type, name, package?, users?: [{id, is_leader}]}`. */
  @Post()
  @Responds(groupResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(groupCreateRules) input: AttributesOf<typeof groupCreateRules>,
  ) {
    return respond(groupResource, await this.groups.create(auth, input));
  }

  /** Renames it, relabels it, or sets its members (all of them; `move: true` moves them from their group). */
  @Patch(':id')
  @Responds(groupResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(groupUpdateRules) input: AttributesOf<typeof groupUpdateRules>,
  ) {
    return respond(groupResource, await this.groups.update(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.groups.remove(auth, id);
  }
}
