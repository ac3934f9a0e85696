import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import {
  attributePointer,
  badRequest,
  JsonApiException,
  notFound,
  ParseIdPipe,
  queryFlag,
  respond,
  Responds,
  unprocessable,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { drain, MULTIPART_FILES_BODY } from '@lms/storage';
import { userImportResource } from './user-imports.resource';
import { MAX_IMPORT_FILE_BYTES, UserImportsService } from './user-imports.service';
import type { SheetFormat } from './user-sheet';
import { TEMPLATES, userTemplate } from './user-template';

/** The format by the file's name, else by its declared type. */
function formatOf(filename: string, mimetype: string): SheetFormat | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv')) return 'csv';
  if (mimetype === TEMPLATES.xlsx.contentType) return 'xlsx';
  if (mimetype === 'text/csv') return 'csv';
  return null;
}

/**
 * Bulk users of a campus for its operators (platform `admin` any campus, `lptk` its own): the
 * templates, the dry run and the import of a `.xlsx` or `.csv` file.
 */
@Controller('api/admin/campuses/:id/users')
@Roles('admin', 'lptk')
export class UserImportsController {
  constructor(private readonly imports: UserImportsService) {}

  /** The template of a format (`xlsx` or `csv`): the columns and two example users. */
  @Get('import-template/:format')
  @DocumentOperation({
    summary: 'The template of a users file',
    responses: {
      '200': {
        description: 'The template',
        content: {
          [TEMPLATES.xlsx.contentType]: { schema: { type: 'string', format: 'binary' } },
          'text/csv': { schema: { type: 'string' } },
        },
      },
    },
  })
  async template(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) campusId: number,
    @Param('format') format: string,
    @Res() reply: FastifyReply,
  ) {
    await this.imports.campus(auth, campusId);
    if (format !== 'xlsx' && format !== 'csv') throw notFound('Templates exist for xlsx and csv');
    const template = TEMPLATES[format];
    return reply
      .header('content-type', template.contentType)
      .header('content-disposition', `attachment; filename="${template.file}"`)
      .send(await userTemplate(format));
  }

  /**
   * `multipart/form-data` with the file in a part named `file` (.xlsx or .csv, columns as the
   * template's). `?dry_run=true` answers what each row would do and changes nothing; otherwise
   * every row is written in one transaction, or none when any row is bad (a 422 naming each
   * row, column and reason).
   */
  @Post('import')
  @HttpCode(200)
  @Responds(userImportResource)
  @DocumentOperation({
    summary: 'Import users from a spreadsheet, or try it (dry run)',
    parameters: [{ name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean' } }],
    requestBody: MULTIPART_FILES_BODY,
  })
  async import(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) campusId: number,
    @Query('dry_run') dryRunParameter: unknown,
    @Req() request: FastifyRequest,
  ) {
    const dryRun = queryFlag(dryRunParameter, 'dry_run');
    const tenant = await this.imports.campus(auth, campusId);
    if (!request.isMultipart())
      throw badRequest('A users file is uploaded as multipart/form-data in a part named "file"');
    const parts = request.parts({
      limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const format = formatOf(part.filename, part.mimetype);
      if (part.fieldname !== 'file' || !format) {
        await drain(part.file);
        throw unprocessable([
          {
            pointer: attributePointer('file'),
            detail:
              part.fieldname !== 'file'
                ? `The users file goes in a part named "file", not "${part.fieldname}"`
                : 'The users file is an Excel workbook (.xlsx) or a CSV file (.csv)',
          },
        ]);
      }
      try {
        const report = await this.imports.run(auth, tenant.id, format, part.file, dryRun);
        return respond(userImportResource, report);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated)
          throw new JsonApiException(413, [
            {
              status: '413',
              title: 'Payload Too Large',
              detail: `A users file is at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB`,
              source: { pointer: attributePointer('file') },
            },
          ]);
        await drain(part.file);
        throw error;
      }
    }
    throw unprocessable([{ pointer: attributePointer('file'), detail: 'The users file is required' }]);
  }
}
