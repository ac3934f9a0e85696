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
import { RepliesService } from './replies.service';
import { replyQuery, replyResource } from './threads.resource';
import { replyCreateRules, replyUpdateRules } from './threads.rules';

/** Replies to discussion threads (spec 03 §7 "Discussion replies"), nested up to three levels. */
@Controller('api/course/thread/replies')
export class RepliesController {
  constructor(private readonly replies: RepliesService) {}

  /** `filter[thread_id]` (required), `filter[thread_reply_id][null]=1` for the top level; oldest first. */
  @Get()
  @Responds(replyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(replyQuery) query: ParsedQuery) {
    const [replies, total] = await this.replies.list(auth, query);
    return respond(replyResource, replies, { meta: pageMeta(total, query) });
  }

  @Get(':id')
  @Responds(replyResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(replyResource, await this.replies.get(auth, id));
  }

  /** `{thread_id, thread_reply_id, reply}`: rich text, sanitized; `@username` mentions notify. */
  @Post()
  @Responds(replyResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(replyCreateRules) input: AttributesOf<typeof replyCreateRules>,
  ) {
    return respond(replyResource, await this.replies.create(auth, input, []));
  }

  /** `{reply}` by its author; `{is_hidden}` by the staff. */
  @Patch(':id')
  @Responds(replyResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(replyUpdateRules) input: AttributesOf<typeof replyUpdateRules>,
  ) {
    return respond(replyResource, await this.replies.update(auth, id, input));
  }

  /** By its author or the staff; a reply that has replies stays as a "deleted" placeholder. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.replies.remove(auth, id);
  }
}
