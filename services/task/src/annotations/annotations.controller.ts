import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  notFound,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { contentDisposition } from '@lms/storage';
import { annotationQuery, annotationResource } from './annotations.resource';
import { annotationCreateRules, annotationUpdateRules } from './annotations.rules';
import { AnnotationsService } from './annotations.service';

/**
 * Annotations of the PDFs of answers (W3C Web Annotations: highlights, notes, ink): the course's
 * staff write them, the answer's student or group reads them, and anyone who may read the answer
 * downloads the PDF with them drawn in.
 */
@Controller('api/course/task')
export class AnnotationsController {
  constructor(private readonly annotations: AnnotationsService) {}

  /** The answer's annotations: `filter[file]=<key>`, `filter[motivation]`, `sort`, `page[…]`. */
  @Get('answers/:id/annotations')
  @Responds(annotationResource, { list: true, meta: PAGE_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) answerId: number,
    @JsonApiQuery(annotationQuery) query: ParsedQuery,
  ) {
    const [annotations, total] = await this.annotations.list(auth, answerId, query);
    return respond(annotationResource, annotations, { meta: pageMeta(total, query) });
  }

  /** A new annotation of one of the answer's PDFs (staff of the course). */
  @Post('answers/:id/annotations')
  @Responds(annotationResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) answerId: number,
    @Attributes(annotationCreateRules) input: AttributesOf<typeof annotationCreateRules>,
  ) {
    return respond(annotationResource, await this.annotations.create(auth, answerId, input));
  }

  /** Changes an annotation's text, colour or place (staff of the course). */
  @Patch('annotations/:id')
  @Responds(annotationResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(annotationUpdateRules) input: AttributesOf<typeof annotationUpdateRules>,
  ) {
    return respond(annotationResource, await this.annotations.update(auth, id, input));
  }

  @Delete('annotations/:id')
  @HttpCode(204)
  @DocumentOperation({ summary: 'Remove an annotation', responses: { '204': { description: 'Removed' } } })
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.annotations.remove(auth, id);
  }

  /**
   * The PDF with its annotations drawn in (highlights, ink, numbered notes, a list of the notes
   * at the end), made on request and never stored; the student's file stays as handed in. The
   * file is named by the last segment of its `key` (the gateway refuses an encoded slash).
   */
  @Get('answers/:id/files/:key/annotated')
  @DocumentOperation({
    summary: 'Download a PDF of an answer with its annotations drawn in',
    responses: {
      '200': {
        description: 'The annotated copy',
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async annotated(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) answerId: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    if (key.length > 512) throw notFound('The answer has no such file');
    const copy = await this.annotations.annotatedFile(auth, answerId, key);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(copy.bytes.length))
      .header('content-disposition', contentDisposition(copy.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(copy.bytes));
  }
}
