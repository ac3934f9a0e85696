import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
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
import { drain } from '@lms/storage';
import { CampusResolver } from '../tenants/campus.resolver';
import { ContentFilesService } from './content-files.service';
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
   * The image itself. Anyone who has the address may see it (an `<img>` sends no token): it names
   * the course and a random 122-bit name that only the rich text holding it reveals, and the campus
   * is the request host's. Answered directly rather than redirected to a signed link, so browsers
   * cache it (an image never changes under its name) and no redirect meets the page's CSP.
   */
  @Get(':id/images/:name')
  @Public()
  @DocumentOperation({
    summary: 'Show an image of a course’s rich text',
    security: [],
    responses: {
      '200': {
        description: 'The image (PNG, JPEG, GIF or WebP)',
        content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async show(
    @Param('id', ParseIdPipe) courseId: number,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!IMAGE_NAME.test(name)) throw notFound('The image does not exist');
    const campus = await this.campuses.resolve(request);
    const image = await this.files.image(campus.id, courseId, name);
    return reply
      .header('content-type', image.mime)
      .header('content-length', String(image.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.body);
  }
}
