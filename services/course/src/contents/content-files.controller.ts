import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { attributePointer, badRequest, ParseIdPipe, respond, Responds, unprocessable } from '@lms/jsonapi';
import { drain } from '@lms/storage';
import type { Content } from './content.entity';
import { ContentFilesService } from './content-files.service';
import { contentResource, sendDownload } from './contents.resource';

/** Form fields of an upload: the target and an optional name, all before the file. */
const MAX_FIELDS = 10;

@Controller('api/course')
export class ContentFilesController {
  constructor(private readonly files: ContentFilesService) {}

  /**
   * `multipart/form-data`: `contentable_type`, `contentable_id` and optionally `name` (default:
   * the file's name), then the file in a part named `file`. The file is streamed into storage;
   * its type is judged by its bytes, its size bounded by MAX_UPLOAD_MB (413 beyond). Answers the
   * new file content (201), last in its target.
   */
  @Post('contents/upload')
  @Responds(contentResource)
  async upload(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    if (!request.isMultipart()) {
      throw badRequest(
        'An upload is multipart/form-data with the target fields and then a part named "file"',
      );
    }
    const fields: Record<string, string> = {};
    let content: Content | undefined;
    const parts = request.parts({
      limits: {
        fileSize: this.files.maxUploadBytes,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: 1000,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        await drain(part.file);
        throw unprocessable([
          {
            pointer: attributePointer('file'),
            detail: `The file goes in a part named "file", not "${part.fieldname}"`,
          },
        ]);
      }
      content = await this.files.upload(auth, fields, part);
      // Anything after the file is not read: the content is stored.
      break;
    }
    if (!content)
      throw unprocessable([{ pointer: attributePointer('file'), detail: 'The file is required' }]);
    return respond(contentResource, content);
  }

  /**
   * A 302 to a 5-minute link to the file of a content the caller may read (staff of the course,
   * its students while the content is visible to them, anyone of the campus for a public course).
   */
  @Get('contents/:id/download')
  async download(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Query('redirect') redirect: unknown,
    @Res() reply: FastifyReply,
  ) {
    return sendDownload(reply, id, await this.files.downloadUrl(auth, id), redirect);
  }
}
