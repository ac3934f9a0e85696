import { Controller, Get } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import { facultyQuery, facultyResource } from './faculties.resource';
import { FacultiesService } from './faculties.service';

/** The faculties of the caller's campus; every signed-in user may list them. */
@Controller('api/course')
export class FacultiesController {
  constructor(private readonly faculties: FacultiesService) {}

  @Get('faculties')
  @Responds(facultyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(facultyQuery) query: ParsedQuery) {
    const [faculties, total] = await this.faculties.list(auth, query);
    return respond(facultyResource, faculties, { meta: pageMeta(total, query) });
  }
}
