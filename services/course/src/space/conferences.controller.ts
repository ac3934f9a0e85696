import { Controller, Get } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import { conferenceQuery, conferenceResource } from './conferences.resource';
import { ConferencesService } from './conferences.service';

@Controller('api/course/conferences')
export class ConferencesController {
  constructor(private readonly conferences: ConferencesService) {}

  /**
   * The video conferences (spec 01 `/vicon`) of the caller's courses they may see: the upcoming
   * ones first, soonest first, then the latest changed. `filter[course_id]`, `filter[provider]`.
   */
  @Get()
  @Responds(conferenceResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(conferenceQuery) query: ParsedQuery) {
    const [conferences, total] = await this.conferences.list(auth, query);
    return respond(conferenceResource, conferences, { meta: pageMeta(total, query) });
  }
}
