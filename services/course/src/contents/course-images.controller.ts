import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, Public } from '@lms/auth';
import { notFound, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { IMAGE_NAME, IMAGE_RESPONSES, MULTIPART_FILES_BODY, sendImage } from '@lms/storage';
import { CampusResolver } from '../tenants/campus.resolver';
import { ContentFilesService } from './content-files.service';
import { courseImageResource } from './course-images.resource';

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
    requestBody: MULTIPART_FILES_BODY,
  })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) courseId: number,
    @Req() request: FastifyRequest,
  ) {
    return respond(courseImageResource, await this.files.uploadImage(auth, courseId, request));
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
    responses: IMAGE_RESPONSES,
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
    return sendImage(reply, image);
  }
}
