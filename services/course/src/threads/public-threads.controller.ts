import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@lms/auth';
import { PAGE_META, pageMeta, ParseIdPipe, parseQuery, type RawQuery, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, fileByKey } from '@lms/storage';
import { CourseUploads } from '../files/course-uploads';
import { CampusResolver } from '../tenants/campus.resolver';
import { RepliesService } from './replies.service';
import { replyQuery, replyResource, threadQuery, threadResource } from './threads.resource';
import { ThreadsService } from './threads.service';

/**
 * The discussions of public courses, readable without signing in (campus of the request's host):
 * threads not hidden on active activities of active public courses, and their replies — a hidden
 * reply as a placeholder. Authors by name and picture only; nothing can be written here.
 */
@Controller('api/public')
@Public()
export class PublicThreadsController {
  constructor(
    private readonly campuses: CampusResolver,
    private readonly threads: ThreadsService,
    private readonly replies: RepliesService,
    private readonly uploads: CourseUploads,
  ) {}

  @Get('threads')
  @Responds(threadResource, { list: true, meta: PAGE_META })
  async list(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, threadQuery, { timeZone: campus.timeZone });
    const [threads, total] = await this.threads.listPublic(campus.id, query);
    return respond(threadResource, threads, { meta: pageMeta(total, query), timeZone: campus.timeZone });
  }

  @Get('threads/:id')
  @Responds(threadResource)
  async get(@Req() request: FastifyRequest, @Param('id', ParseIdPipe) id: number) {
    const campus = await this.campuses.resolve(request);
    return respond(threadResource, await this.threads.getPublic(campus.id, id), {
      timeZone: campus.timeZone,
    });
  }

  @Get('thread/replies')
  @Responds(replyResource, { list: true, meta: PAGE_META })
  async replyList(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, replyQuery, { timeZone: campus.timeZone });
    const [replies, total] = await this.replies.listPublic(campus.id, query);
    return respond(replyResource, replies, { meta: pageMeta(total, query), timeZone: campus.timeZone });
  }

  @Get('thread/replies/:id')
  @Responds(replyResource)
  async reply(@Req() request: FastifyRequest, @Param('id', ParseIdPipe) id: number) {
    const campus = await this.campuses.resolve(request);
    return respond(replyResource, await this.replies.getPublic(campus.id, id), { timeZone: campus.timeZone });
  }

  @Get('thread/replies/:id/files/:key')
  @DocumentOperation({
    summary: 'Download a file of a reply of a public course',
    responses: FILE_DOWNLOAD_RESPONSES,
  })
  async file(
    @Req() request: FastifyRequest,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    const campus = await this.campuses.resolve(request);
    const files = await this.replies.publicFilesOf(campus.id, id);
    return this.uploads.send(reply, fileByKey(files, key), { inline: true });
  }
}
