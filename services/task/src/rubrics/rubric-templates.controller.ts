import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, respond, Responds } from '@lms/jsonapi';
import {
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
