import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, browserHost, CurrentAuth, Public } from '@lms/auth';
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
import { QuestionImagesService } from './images.service';
import { questionImageResource } from './images.resource';

/** An image's name: the random UUID of its storage key. */
const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Images of the rich text of a course's questions (the question editor uploads them). */
@Controller('api/exam/courses')
export class QuestionImagesController {
  constructor(private readonly images: QuestionImagesService) {}

  /**
   * `multipart/form-data` with the image in a part named `file` (PNG, JPEG, GIF or WebP, judged by
   * its bytes; at most MAX_UPLOAD_MB). Answers the stored image (201) with the address a question
   * shows it at. For those who author the course's questions.
   */
  @Post(':id/images')
  @Responds(questionImageResource)
  @DocumentOperation({
    summary: 'Upload an image for the questions of a course',
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
      limits: { fileSize: this.images.maxUploadBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
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
      return respond(questionImageResource, await this.images.upload(auth, courseId, part));
    }
    throw unprocessable([{ pointer: attributePointer('file'), detail: 'The image is required' }]);
  }

  /**
   * The image itself. An `<img>` sends no token, so the address is the capability: it names the
   * course and a random 122-bit name that only the question holding it reveals (to its authors,
   * and to a student with the question in their attempt); the campus is the request host's.
   */
  @Get(':id/images/:name')
  @Public()
  @DocumentOperation({
    summary: 'Show an image of a course’s questions',
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
    const image = await this.images.image(browserHost(request.headers), courseId, name);
    return reply
      .header('content-type', image.mime)
      .header('content-length', String(image.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.body);
  }
}
