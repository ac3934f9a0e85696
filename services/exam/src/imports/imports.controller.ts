import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { readImportFile } from '@lms/storage';
import {
  attributePointer,
  notFound,
  ParseIdPipe,
  respond,
  Responds,
  unprocessable,
  validateWith,
} from '@lms/jsonapi';
import { attributes, field } from '@lms/jsonapi';
import { MAX_PACKAGE } from '../questions/questions.rules';
import { questionResource } from '../questions/questions.resource';
import { type ImportFormat, ImportsService, MAX_IMPORT_BYTES } from './imports.service';

const examFields = attributes({
  exam_id: field.id().optional(),
  course_id: field.id().optional(),
  package: field.integer({ min: 1, max: MAX_PACKAGE }).optional(),
});
const courseFields = attributes({ package: field.integer({ min: 1, max: MAX_PACKAGE }).optional() });

/**
 * Question imports (spec 02 §7 "Imports", multipart): a spreadsheet (`exam/imports/…`), a Word
 * document (`import-word…`) or a QTI 2.1 package, into an exam's package (1 unless given) or a
 * course's bank; the templates; a package as QTI.
 */
@Controller('api')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  private async importInto(
    auth: AuthContext,
    request: FastifyRequest,
    format: ImportFormat,
    courseFromPath?: number,
  ) {
    const { fields, content } = await readImportFile(request, MAX_IMPORT_BYTES);
    if (courseFromPath !== undefined) {
      const input = validateWith(courseFields, fields);
      return this.imports.import(
        auth,
        format,
        { examId: null, courseId: courseFromPath, package: input.package },
        content,
      );
    }
    const input = validateWith(examFields, fields);
    if (input.exam_id === undefined && input.course_id === undefined)
      throw unprocessable([
        {
          pointer: attributePointer('exam_id'),
          detail: 'exam_id (or course_id, for the question bank) is required',
        },
      ]);
    return this.imports.import(
      auth,
      format,
      { examId: input.exam_id ?? null, courseId: input.course_id, package: input.package },
      content,
    );
  }

  /** A spreadsheet (.xlsx) into a package of `exam_id`. */
  @Post('exam/imports/question')
  @Responds(questionResource, { list: true })
  async spreadsheet(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return respond(questionResource, await this.importInto(auth, request, 'xlsx'), { include: ['answers'] });
  }

  /** A spreadsheet into the course's question bank. */
  @Post('exam/imports/courses/:id/question')
  @Responds(questionResource, { list: true })
  async spreadsheetToBank(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) courseId: number,
    @Req() request: FastifyRequest,
  ) {
    return respond(questionResource, await this.importInto(auth, request, 'xlsx', courseId), {
      include: ['answers'],
    });
  }

  /** A Word document (.docx) into a package of `exam_id`. */
  @Post('import-word')
  @Responds(questionResource, { list: true })
  async word(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return respond(questionResource, await this.importInto(auth, request, 'docx'), { include: ['answers'] });
  }

  /** A Word document into the bank of `course_id`. */
  @Post('import-word/courses')
  @Responds(questionResource, { list: true })
  async wordToBank(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return respond(questionResource, await this.importInto(auth, request, 'docx'), { include: ['answers'] });
  }

  /** An IMS QTI 2.1 package (zip) or item (XML) into a package of `exam_id` or the bank of `course_id`. */
  @Post('exam/imports/qti')
  @Responds(questionResource, { list: true })
  async qti(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return respond(questionResource, await this.importInto(auth, request, 'qti'), { include: ['answers'] });
  }

  /** The import template of a format (`xlsx` or `docx`), which imports cleanly as it is. */
  @Get('exam/imports/templates/:format')
  async template(@Param('format') format: string, @Res() reply: FastifyReply) {
    if (format !== 'xlsx' && format !== 'docx') throw notFound('Templates exist for xlsx and docx');
    const template = await this.imports.template(format);
    return reply
      .header('content-type', template.contentType)
      .header('content-disposition', `attachment; filename="${template.file}"`)
      .send(template.content);
  }

  /**
   * The package's questions as an IMS QTI 2.1 package (zip). Questions QTI cannot carry
   * (parameterized ones) are left out and listed in `X-Qti-Not-Exported` (JSON, URI-encoded).
   */
  @Get('exam/exams/:id/packages/:pack/qti')
  async exportQti(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) examId: number,
    @Param('pack', ParseIdPipe) pack: number,
    @Res() reply: FastifyReply,
  ) {
    const exported = await this.imports.exportQti(auth, examId, pack);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="exam-${examId}-package-${pack}-qti.zip"`)
      .header('x-qti-not-exported', encodeURIComponent(JSON.stringify(exported.skipped)))
      .send(exported.zip);
  }
}
