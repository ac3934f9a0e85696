import { Controller, Get, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { pageMeta, parseQuery, type RawQuery, toDocument } from '@lms/jsonapi';
import { facultyQuery, facultyResource } from './faculties.resource';
import { FacultiesService } from './faculties.service';

/** The faculties of the caller's campus; every signed-in user may list them. */
@Controller('api/course')
export class FacultiesController {
  constructor(private readonly faculties: FacultiesService) {}

  @Get('faculties')
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, facultyQuery, { timeZone: auth.timeZone });
    const [faculties, total] = await this.faculties.list(auth, query);
    return toDocument(facultyResource, faculties, { meta: pageMeta(total, query), timeZone: auth.timeZone });
  }
}
