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
import { workspaceQuery, workspaceResource } from './workspaces.resource';
import {
  workspaceCreateRules,
  workspaceJoinRules,
  workspaceTokenRules,
  workspaceUpdateRules,
} from './workspaces.rules';
import { WorkspacesService } from './workspaces.service';

/** Workspaces (spec 03 §7 "Workspaces"); who may do what: spec 03 §6, `ProjectAccess`. */
@Controller('api/project/workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  /** The campus's workspaces, newest first, 6 a page; `is_owner`/`is_member` say what the caller is. */
  @Get()
  @Responds(workspaceResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(workspaceQuery) query: ParsedQuery) {
    const [rows, total] = await this.workspaces.list(auth, query);
    return respond(workspaceResource, rows, { meta: pageMeta(total, query) });
  }

  /** A lecturer's new workspace (anyone else: 403). */
  @Post()
  @Responds(workspaceResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(workspaceCreateRules) input: AttributesOf<typeof workspaceCreateRules>,
  ) {
    return respond(workspaceResource, await this.workspaces.create(auth, input));
  }

  /**
   * Joins as a student with the owner's token. A wrong or expired token: 422 pointing at `token`;
   * more than 10 wrong tokens in an hour: 429 with `Retry-After`.
   */
  @Post('join')
  @HttpCode(200)
  @Responds(workspaceResource)
  async join(
    @CurrentAuth() auth: AuthContext,
    @Attributes(workspaceJoinRules) input: AttributesOf<typeof workspaceJoinRules>,
  ) {
    return respond(workspaceResource, await this.workspaces.join(auth, input));
  }

  /** With its members: its owner and members only (anyone else: 404). */
  @Get(':id')
  @Responds(workspaceResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(workspaceResource, await this.workspaces.get(auth, id));
  }

  @Patch(':id')
  @Responds(workspaceResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(workspaceUpdateRules) input: AttributesOf<typeof workspaceUpdateRules>,
  ) {
    return respond(workspaceResource, await this.workspaces.update(auth, id, input));
  }

  /** A new join token (8 characters), valid until `token_expired_at`; the old one stops working. */
  @Patch(':id/token')
  @Responds(workspaceResource)
  async token(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(workspaceTokenRules) input: AttributesOf<typeof workspaceTokenRules>,
  ) {
    return respond(workspaceResource, await this.workspaces.newToken(auth, id, input.token_expired_at));
  }

  /** Deletes it with its projects. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.workspaces.remove(auth, id);
  }
}
