import { Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { surveyCreateRules, surveyUpdateRules } from './definitions.rules';
import { surveyQuery, surveyResource } from './definitions.resource';
import { DefinitionsService } from './definitions.service';

/** Survey definitions: the campus's staff (administrators, lecturers) write and read them. */
@Controller('api/v2/survey/definitions')
export class DefinitionsController {
  constructor(private readonly definitions: DefinitionsService) {}

  @Get()
  @Responds(surveyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(surveyQuery) query: ParsedQuery) {
    const [rows, total] = await this.definitions.list(auth, query);
    return respond(surveyResource, rows, { meta: pageMeta(total, query) });
  }

  @Get(':id')
  @Responds(surveyResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(surveyResource, await this.definitions.get(auth, id));
  }

  @Post()
  @Responds(surveyResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(surveyCreateRules) input: AttributesOf<typeof surveyCreateRules>,
  ) {
    return respond(surveyResource, await this.definitions.create(auth, input));
  }

  /** Its author or an administrator; `questions` replaces them, until the survey is answered (409). */
  @Patch(':id')
  @Responds(surveyResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(surveyUpdateRules) input: AttributesOf<typeof surveyUpdateRules>,
  ) {
    return respond(surveyResource, await this.definitions.update(auth, id, input));
  }
}
