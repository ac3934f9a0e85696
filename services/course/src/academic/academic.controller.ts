import { Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  respondPage,
  queryFlag,
  queryId,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { MULTIPART_FILES_BODY, readImportFile } from '@lms/storage';
import { XLSX_MIME } from '../gradebook/gradebook-workbook';
import {
  courseChangeRules,
  facultyChangeRules,
  newCourseRules,
  newFacultyRules,
  newPeriodRules,
  periodChangeRules,
} from './academic.rules';
import {
  managedCourseQuery,
  managedCourseResource,
  managedFacultyQuery,
  managedFacultyResource,
  managedPeriodQuery,
  managedPeriodResource,
  courseImportResource,
} from './academic.resource';
import { courseImportTemplate, MAX_IMPORT_BYTES } from './course-import';
import { AcademicService } from './academic.service';

/**
 * The academic structure of a campus without an academic system, for its operators (who never
 * sign in to the web app): a platform `admin` manages every campus (`campus_id` on a new row,
 * `filter[campus_id]` on a list), an `lptk` account its own; another campus's rows are not found.
 */
@Controller('api/admin')
@Roles('admin', 'lptk')
export class AcademicController {
  constructor(private readonly academic: AcademicService) {}

  @Get('periods')
  @Responds(managedPeriodResource, { list: true, meta: PAGE_META })
  async periods(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedPeriodQuery) query: ParsedQuery) {
    return respondPage(managedPeriodResource, await this.academic.listPeriods(auth, query), query);
  }

  @Get('periods/:id')
  @Responds(managedPeriodResource)
  async period(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedPeriodResource, await this.academic.period(auth, id));
  }

  /** A new period (semester): name, year, period_type (unique per year in the campus), is_active. */
  @Post('periods')
  @Responds(managedPeriodResource)
  async addPeriod(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newPeriodRules) { campus_id, ...input }: AttributesOf<typeof newPeriodRules>,
  ) {
    return respond(managedPeriodResource, await this.academic.addPeriod(auth, campus_id, input));
  }

  @Patch('periods/:id')
  @Responds(managedPeriodResource)
  async changePeriod(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(periodChangeRules) changes: AttributesOf<typeof periodChangeRules>,
  ) {
    return respond(managedPeriodResource, await this.academic.changePeriod(auth, id, changes));
  }

  @Get('faculties')
  @Responds(managedFacultyResource, { list: true, meta: PAGE_META })
  async faculties(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedFacultyQuery) query: ParsedQuery) {
    return respondPage(managedFacultyResource, await this.academic.listFaculties(auth, query), query);
  }

  @Get('faculties/:id')
  @Responds(managedFacultyResource)
  async faculty(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedFacultyResource, await this.academic.faculty(auth, id));
  }

  /** A new faculty: name and code, each unique in the campus. */
  @Post('faculties')
  @Responds(managedFacultyResource)
  async addFaculty(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newFacultyRules) { campus_id, ...input }: AttributesOf<typeof newFacultyRules>,
  ) {
    return respond(managedFacultyResource, await this.academic.addFaculty(auth, campus_id, input));
  }

  @Patch('faculties/:id')
  @Responds(managedFacultyResource)
  async changeFaculty(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(facultyChangeRules) changes: AttributesOf<typeof facultyChangeRules>,
  ) {
    return respond(managedFacultyResource, await this.academic.changeFaculty(auth, id, changes));
  }

  @Get('courses')
  @Responds(managedCourseResource, { list: true, meta: PAGE_META })
  async courses(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedCourseQuery) query: ParsedQuery) {
    return respondPage(managedCourseResource, await this.academic.listCourses(auth, query), query);
  }

  /**
   * Courses from a workbook (.xlsx, `multipart/form-data` with the file in a part named `file`;
   * `?campus_id=` an admin's other campus). `?dry_run=true` answers what each row would do and
   * changes nothing; otherwise every row is written in one transaction, or none when any row is
   * bad (a 422 naming each row, column and reason).
   */
  @Post('courses/import')
  @HttpCode(200)
  @Responds(courseImportResource)
  @DocumentOperation({
    summary: 'Import courses from a workbook, or try it (dry run)',
    parameters: [
      { name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'campus_id', in: 'query', required: false, schema: { type: 'integer' } },
    ],
    requestBody: MULTIPART_FILES_BODY,
  })
  async importCourses(
    @CurrentAuth() auth: AuthContext,
    @Query('dry_run') dryRun: unknown,
    @Query('campus_id') campusId: unknown,
    @Req() request: FastifyRequest,
  ) {
    const flag = queryFlag(dryRun, 'dry_run');
    const campus = queryId(campusId, 'campus_id', false);
    const { content } = await readImportFile(request, MAX_IMPORT_BYTES);
    return respond(courseImportResource, await this.academic.importCourses(auth, campus, content, flag));
  }

  /** The import's template: its columns, an example row and a sheet explaining each column. */
  @Get('courses/import-template')
  @DocumentOperation({
    summary: 'The course import template (.xlsx)',
    responses: {
      '200': {
        description: 'The workbook',
        content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async template(@Res() reply: FastifyReply) {
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', 'attachment; filename="courses-import-template.xlsx"')
      .send(await courseImportTemplate());
  }

  @Get('courses/:id')
  @Responds(managedCourseResource)
  async course(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedCourseResource, await this.academic.course(auth, id));
  }

  /**
   * A new course of a period (its code unique in the period), of a faculty, with its lecturers
   * (`lecturer_ids`: the lecturer in charge first, then assistants) and classes (by name).
   */
  @Post('courses')
  @Responds(managedCourseResource)
  async addCourse(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newCourseRules) { campus_id, ...input }: AttributesOf<typeof newCourseRules>,
  ) {
    return respond(managedCourseResource, await this.academic.addCourse(auth, campus_id, input));
  }

  /** Changes what is sent; `lecturer_ids` replaces the staff, `classes` adds the classes it lacks. */
  @Patch('courses/:id')
  @Responds(managedCourseResource)
  async changeCourse(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(courseChangeRules) changes: AttributesOf<typeof courseChangeRules>,
  ) {
    return respond(managedCourseResource, await this.academic.changeCourse(auth, id, changes));
  }
}
