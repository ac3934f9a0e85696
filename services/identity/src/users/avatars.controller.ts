import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, browserHost, CurrentAuth, Public } from '@lms/auth';
import { ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { IMAGE_RESPONSES, sendImage } from '@lms/storage';
import { AvatarsService } from './avatars.service';
import { userResource } from './users.resource';

/** A user's avatar: uploaded by the user themselves, shown in the header and in lists of people. */
@Controller('api/course/users')
export class AvatarsController {
  constructor(private readonly avatars: AvatarsService) {}

  /**
   * `multipart/form-data`: the square to keep (`crop_x`, `crop_y`, `crop_size`, in pixels of the
   * picture as seen; none: the middle square), then the picture in a part named `file` (PNG, JPEG,
   * GIF or WebP judged by its bytes, at most 5 MB). Stored as a 256×256 WebP; the user's
   * `thumbnail` is its address and the previous one is deleted. Answers the user (200); only for
   * the user themselves.
   */
  @Post(':id/avatar')
  @HttpCode(200)
  @Responds(userResource)
  @DocumentOperation({
    summary: 'Upload your avatar',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              crop_x: { type: 'integer', minimum: 0 },
              crop_y: { type: 'integer', minimum: 0 },
              crop_size: { type: 'integer', minimum: 1 },
              file: { type: 'string', format: 'binary' },
            },
          },
        },
      },
    },
  })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
  ) {
    const { data, timeZone } = await this.avatars.upload(auth, id, request);
    return respond(userResource, data, { timeZone });
  }

  /**
   * The avatar itself (an `<img>` sends no token): only the one the user shows now, of the campus
   * of the request's host; its random name changes with every upload.
   */
  @Get(':id/avatar/:name')
  @Public()
  @DocumentOperation({ summary: 'Show a user’s avatar', security: [], responses: IMAGE_RESPONSES })
  async show(
    @Param('id', ParseIdPipe) id: number,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendImage(reply, await this.avatars.picture(browserHost(request.headers), id, name));
  }
}
