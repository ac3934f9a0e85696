import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, browserHost, CurrentAuth, Public } from '@lms/auth';
import { notFound, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { IMAGE_NAME, IMAGE_RESPONSES, MULTIPART_FILES_BODY, sendImage } from '@lms/storage';
import { QuestionImagesService } from './images.service';
import { questionImageResource } from './images.resource';

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
    requestBody: MULTIPART_FILES_BODY,
  })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) courseId: number,
    @Req() request: FastifyRequest,
  ) {
    return respond(questionImageResource, await this.images.upload(auth, courseId, request));
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
    responses: IMAGE_RESPONSES,
  })
  async show(
    @Param('id', ParseIdPipe) courseId: number,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!IMAGE_NAME.test(name)) throw notFound('The image does not exist');
    const image = await this.images.image(browserHost(request.headers), courseId, name);
    return sendImage(reply, image);
  }
}
