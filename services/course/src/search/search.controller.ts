import { Controller, Get, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH, searchHitResource, searchQuery } from './search.resource';
import { SearchService } from './search.service';

@Controller('api/course')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /**
   * The global search of the top bar (issue 21): the caller's courses, contents, exams, tasks,
   * discussion threads and people matching every word of `q` (each as a word's beginning), the
   * best first — only what the caller may see, scoped by campus and role.
   * `filter[kind]` (course, content, exam, task, thread, person), `page[limit]` (20) and `page[offset]`.
   */
  @Get('search')
  @Responds(searchHitResource, { list: true, meta: PAGE_META })
  @DocumentOperation({
    summary: 'Search the caller’s courses, contents, exams, tasks, threads and people',
    parameters: [
      {
        name: 'q',
        in: 'query',
        required: true,
        schema: { type: 'string', minLength: MIN_QUERY_LENGTH, maxLength: MAX_QUERY_LENGTH },
      },
    ],
  })
  async find(
    @CurrentAuth() auth: AuthContext,
    @Query('q') q: unknown,
    @JsonApiQuery(searchQuery) query: ParsedQuery,
  ) {
    const [hits, total] = await this.search.find(auth, q, query);
    return respond(searchHitResource, hits, { meta: pageMeta(total, query) });
  }
}
