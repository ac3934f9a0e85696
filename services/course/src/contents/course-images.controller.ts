import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, Public } from '@lms/auth';
import {
  attributePointer,
  badRequest,
  notFound,
  ParseIdPipe,
  respond,
  Responds,
  unprocessable,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { DOWNLOAD_LINK_SECONDS } from '../files/blob-storage';
import { CampusResolver } from '../tenants/campus.resolver';
import { ContentFilesService, drain } from './content-files.service';
import { courseImageResource } from './course-images.resource';

/** An image's name: the random UUID of its storage key. */
const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Images of a course's rich text (text contents, its description): uploaded, then shown. */
@Controller('api/course/courses')
export class CourseImagesController {
  constructor(
    private readonly files: ContentFilesService,
    private readonly campuses: CampusResolver,
  ) {}

  /**
   * `multipart/form-data` with the image in a part named `file` (PNG, JPEG, GIF or WebP, judged
   * by its bytes; at most MAX_UPLOAD_MB). Answers the stored image (201) with the address rich
   * text shows it at; the course holds it as the caller's upload. For those who teach the course.
   */
  @Post(':id/images')
  @Responds(courseImageResource)
  @DocumentOperation({
    summary: 'Upload an image for the rich text of a course',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) courseId: number,
    @Req() request: FastifyRequest,
  ) {
    if (!request.isMultipart())
      throw badRequest('An image upload is multipart/form-data with the image in a part named "file"');
    const parts = request.parts({
      limits: { fileSize: this.files.maxUploadBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        await drain(part.file);
        throw unprocessable([
          {
            pointer: attributePointer('file'),
            detail: `The image goes in a part named "file", not "${part.fieldname}"`,
          },
        ]);
      }
      return respond(courseImageResource, await this.files.uploadImage(auth, courseId, part));
    }
    throw unprocessable([{ pointer: attributePointer('file'), detail: 'The image is required' }]);
  }

  /**
   * A 302 to a short-lived link showing the image. Anyone who has the address may see the image
   * (an `<img>` sends no token): it names the course and a random 128-bit name that only the rich
   * text holding it reveals, and the campus is the request host's.
   */
  @Get(':id/images/:name')
  @Public()
  @HttpCode(302)
  @DocumentOperation({
    summary: 'Show an image of a course’s rich text (redirect to a short-lived link)',
    security: [],
    responses: { '302': { description: 'To the image (a link valid for a few minutes)' } },
  })
  async show(
    @Param('id', ParseIdPipe) courseId: number,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!IMAGE_NAME.test(name)) throw notFound('The image does not exist');
    const campus = await this.campuses.resolve(request);
    const url = await this.files.imageUrl(campus.id, courseId, name);
    // The link lives DOWNLOAD_LINK_SECONDS: a browser may reuse this answer for most of that.
    return reply.header('cache-control', `private, max-age=${DOWNLOAD_LINK_SECONDS - 60}`).redirect(url, 302);
  }
}
