import { Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, badRequest, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { contentDisposition } from '@lms/storage';
import { EXPORT_KINDS, type ExportKind } from './exam-export.entity';
import { answersExportRules, examExportResource, resultsExportRules } from './exports.resource';
import { EXPORT_TYPES, type MadeExport, ExportsService } from './exports.service';

const fileResponse = (kind: ExportKind, description: string) => ({
  responses: {
    '200': {
      description,
      content: { [EXPORT_TYPES[kind].mime]: { schema: { type: 'string', format: 'binary' } } },
    },
  },
});

/**
 * Exports of an exam for its staff (spec 02 §7): the results as .xlsx and the answers as .pdf,
 * answered as files and kept in the store; a stored one again by a short-lived link; the stored
 * answers of an attempt removed once it is finished.
 */
@Controller('api')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** The results of the exam (.xlsx): a row per student and per attempt with per-question scores. */
  @Post('v2/exam/exams/results')
  @HttpCode(200)
  @DocumentOperation({
    summary: 'Export the results of an exam (.xlsx)',
    ...fileResponse('results', 'The workbook'),
  })
  async results(
    @CurrentAuth() auth: AuthContext,
    @Attributes(resultsExportRules) input: AttributesOf<typeof resultsExportRules>,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.exports.results(auth, input.exam_id));
  }

  /** The answers (.pdf) of every attempt of the exam, or of one (`student_exam_id`). */
  @Post('v2/exam/exams/results/questions')
  @HttpCode(200)
  @DocumentOperation({
    summary: 'Export the answers of an exam or of one attempt (.pdf)',
    ...fileResponse('answers', 'The PDF'),
  })
  async answers(
    @CurrentAuth() auth: AuthContext,
    @Attributes(answersExportRules) input: AttributesOf<typeof answersExportRules>,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.exports.answers(auth, input.exam_id, input.student_exam_id ?? null));
  }

  /**
   * A link (valid 5 minutes) to the newest stored export of the exam: `kind` results (default)
   * or answers, `student_exam_id` for the answers of one attempt.
   */
  @Get('blob-storage/exam/:id/export')
  @Responds(examExportResource)
  @DocumentOperation({
    summary: 'A short-lived link to the stored export of an exam',
    parameters: [
      { name: 'kind', in: 'query', required: false, schema: { type: 'string', enum: [...EXPORT_KINDS] } },
      { name: 'student_exam_id', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
  })
  async link(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) examId: number,
    @Query('kind') kind?: string,
    @Query('student_exam_id') studentExamId?: string,
  ) {
    if (kind !== undefined && !(EXPORT_KINDS as readonly string[]).includes(kind))
      throw badRequest(`kind must be one of ${EXPORT_KINDS.join(', ')}`, 'kind');
    if (studentExamId !== undefined && !/^[1-9][0-9]{0,17}$/.test(studentExamId))
      throw badRequest('student_exam_id must be the id of an attempt', 'student_exam_id');
    return respond(
      examExportResource,
      await this.exports.link(
        auth,
        examId,
        (kind as ExportKind | undefined) ?? 'results',
        studentExamId === undefined ? null : Number(studentExamId),
      ),
    );
  }

  /** Removes the stored answers of an attempt (its student, once finished, or the exam's staff). */
  @Delete('blob-storage/exam/student/:id/export')
  @HttpCode(204)
  @DocumentOperation({
    summary: 'Remove the stored export of an attempt',
    responses: { '204': { description: 'Removed' } },
  })
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) studentExamId: number) {
    await this.exports.removeOfAttempt(auth, studentExamId);
  }
}

function send(reply: FastifyReply, made: MadeExport) {
  return reply
    .header('content-type', made.mime)
    .header('content-length', String(made.record.size))
    .header('content-disposition', contentDisposition(made.record.filename))
    .header('cache-control', 'no-store')
    .header('x-export-id', String(made.record.id))
    .send(made.body);
}
