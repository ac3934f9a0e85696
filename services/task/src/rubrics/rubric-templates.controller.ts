import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  type QuerySpec,
  respond,
  Responds,
} from '@lms/jsonapi';
import {
  type ReadRubricTemplate,
  rubricTemplateResource,
  templateCreateRules,
  templateUpdateRules,
} from './rubric-templates.resource';
import { RubricTemplatesService } from './rubric-templates.service';

/** Rubric templates: the bundled Group Peer Review Evaluation and the campus's own. */
@Controller('api/course/task/rubric-templates')
export class RubricTemplatesController {
  constructor(private readonly templates: RubricTemplatesService) {}

  /** The bundled template first (id `bundled-peer-review`), then the campus's by name. */
  @Get()
  @Responds(rubricTemplateResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext) {
    return respond(rubricTemplateResource, await this.templates.list(auth));
  }

  /** A new template of the campus (lecturers and admins). */
  @Post()
  @Responds(rubricTemplateResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(templateCreateRules) input: AttributesOf<typeof templateCreateRules>,
  ) {
    return respond(rubricTemplateResource, await this.templates.create(auth, input));
  }

  @Get(':id')
  @Responds(rubricTemplateResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return respond(rubricTemplateResource, await this.templates.get(auth, id));
  }

  /** Changes its name or rubric (its author, or an admin). */
  @Patch(':id')
  @Responds(rubricTemplateResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Attributes(templateUpdateRules) input: AttributesOf<typeof templateUpdateRules>,
  ) {
    return respond(rubricTemplateResource, await this.templates.update(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    await this.templates.remove(auth, id);
  }
}

/** `GET /course/rubrics`: `filter[name][like]` (case-insensitive, anywhere in the name), pages. */
const rubricsQuery: QuerySpec = {
  filters: { name: { column: 'name', type: 'string', ops: ['like'] } },
  sorts: {},
  defaultLimit: 1000,
};

/**
 * The rubric list of spec 01 §7 (`GET /course/rubrics`, page limit -1, optional name like): the
 * templates of {@link RubricTemplatesController} in the same shape, for the course pages (forms
 * copy the rubric they pick; docs/decisions/0008-rubric-templates-in-task-service.md).
 */
@Controller('api/course/rubrics')
export class RubricsController {
  constructor(private readonly templates: RubricTemplatesService) {}

  @Get()
  @Responds(rubricTemplateResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(rubricsQuery) query: ParsedQuery) {
    const like = query.filters.find((filter) => filter.field === 'name')?.value;
    const needle = typeof like === 'string' ? like.toLocaleLowerCase() : '';
    const all = (await this.templates.list(auth)).filter((template: ReadRubricTemplate) =>
      template.name.toLocaleLowerCase().includes(needle),
    );
    const page = all.slice(query.offset, query.offset + query.limit);
    return respond(rubricTemplateResource, page, { meta: pageMeta(all.length, query) });
  }
}
