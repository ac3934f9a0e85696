import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  type ParsedQuery,
  ParseIdPipe,
  parseQuery,
  type RawQuery,
  respond,
  respondPage,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, fileByKey, readWrite, uploadRequestBody } from '@lms/storage';
import { CourseUploads } from '../files/course-uploads';
import { CampusResolver } from '../tenants/campus.resolver';
import { FormAnswersService } from './form-answers.service';
import {
  formAnswerAssessRules,
  formAnswerCreateRules,
  formAnswerQuery,
  formAnswerResource,
  formCreateRules,
  formQuery,
  formResource,
  formUpdateRules,
  MAX_ANSWER_FILES,
  publicFormQuery,
  publicFormResource,
} from './forms.resource';
import { FormsService } from './forms.service';

/** Forms (logbooks) of modules and activities: staff write them, students of the course read them. */
@Controller('api/course')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  /** `filter[course_id|formable_type|formable_id|type|title]`, `sort=-updated_at` by default. */
  @Get('forms')
  @Responds(formResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(formQuery) query: ParsedQuery) {
    return respondPage(formResource, await this.forms.list(auth, query), query);
  }

  @Get('forms/:id')
  @Responds(formResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(formResource, await this.forms.get(auth, id));
  }

  /**
   * `{formable_type, formable_id, title, type: daily|monthly, date (daily) | month (monthly),
   * start_at, end_at, is_file_required, assesment_method: none|rubric, rubric, lists}`.
   */
  @Post('forms')
  @Responds(formResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(formCreateRules) input: AttributesOf<typeof formCreateRules>,
  ) {
    return respond(formResource, await this.forms.create(auth, input));
  }

  @Patch('forms/:id')
  @Responds(formResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(formUpdateRules) input: AttributesOf<typeof formUpdateRules>,
  ) {
    return respond(formResource, await this.forms.update(auth, id, input));
  }

  /** Deletes the form with its entries and their files. */
  @Delete('forms/:id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.forms.remove(auth, id);
  }
}

/** Entries of forms: students write theirs, staff read all of their courses' and assess them. */
@Controller('api/course')
export class FormAnswersController {
  constructor(
    private readonly answers: FormAnswersService,
    private readonly uploads: CourseUploads,
  ) {}

  /** `filter[form_id|student_id|period|course_id]`: staff read all, a student their own. */
  @Get('formanswers')
  @Responds(formAnswerResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(formAnswerQuery) query: ParsedQuery) {
    return respondPage(formAnswerResource, await this.answers.list(auth, query), query);
  }

  @Get('formanswers/:id')
  @Responds(formAnswerResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(formAnswerResource, await this.answers.get(auth, id));
  }

  /**
   * The caller's entry of today (daily form) or this month (monthly): `{form_id, lists:
   * [{key, value}]}` as JSON, or as multipart fields (`lists` as JSON text) with files in `file` parts.
   */
  @Post('formanswers')
  @Responds(formAnswerResource)
  @DocumentOperation({
    summary: 'Write the caller’s entry of a form (multipart for files)',
    requestBody: uploadRequestBody(formAnswerCreateRules),
  })
  async create(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.uploads,
      request,
      auth,
      {
        schema: formAnswerCreateRules,
        area: 'formanswers',
        listFields: ['lists'],
        maxFiles: MAX_ANSWER_FILES,
      },
      async (input, uploaded) =>
        respond(formAnswerResource, await this.answers.create(auth, input, uploaded)),
    );
  }

  /** The staff's assessment: `{rubrics: [{criterion, level, point?}], feedback}` → the score. */
  @Patch('formanswers/:id')
  @Responds(formAnswerResource)
  async assess(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(formAnswerAssessRules) input: AttributesOf<typeof formAnswerAssessRules>,
  ) {
    return respond(formAnswerResource, await this.answers.assess(auth, id, input));
  }

  /** A file of an entry, for whoever may read the entry (a PDF or an image is shown inline). */
  @Get('formanswers/:id/files/:key')
  @DocumentOperation({ summary: 'Download a file of a form entry', responses: FILE_DOWNLOAD_RESPONSES })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Query('inline') inline: unknown,
    @Res() reply: FastifyReply,
  ) {
    const file = fileByKey(await this.answers.filesOf(auth, id), key);
    return this.uploads.send(reply, file, { inline: inline === '1' || inline === 'true' });
  }
}

/** `GET /public/forms`: forms of the campus's published courses, as a visitor may see them. */
@Controller('api/public')
@Public()
export class PublicFormsController {
  constructor(
    private readonly campuses: CampusResolver,
    private readonly forms: FormsService,
  ) {}

  /** `filter[activity_id]` (or `module_id`, `course_id`), `page[limit]=-1` for all, `sort=-updated_at`. */
  @Get('forms')
  @Responds(publicFormResource, { list: true, meta: PAGE_META })
  async list(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, publicFormQuery, { timeZone: campus.timeZone });
    return respondPage(publicFormResource, await this.forms.listPublic(campus.id, query), query, {
      timeZone: campus.timeZone,
    });
  }
}
