import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { pageMeta, parseQuery, type RawQuery, toDocument } from '@lms/jsonapi';
import { courseQuery, courseResource } from './courses.resource';
import { CoursesService } from './courses.service';

@Controller('api/course/courses')
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  /** The caller's courses: `filter[...]`, `sort`, `include=modules`, `page[limit|offset]`. */
  @Get()
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, courseQuery);
    const [courses, total] = await this.courses.list(auth, query);
    return toDocument(courseResource(auth), courses, {
      include: query.include,
      meta: pageMeta(total, query),
      timeZone: auth.timeZone,
    });
  }

  /** One course with `modules, modules.activities, lecturer, lecturer.user, assistant, class`. */
  @Get(':id')
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Query() raw: RawQuery) {
    const query = parseQuery({ include: raw.include }, courseQuery);
    const course = await this.courses.get(auth, id, query.include);
    return toDocument(courseResource(auth), course, {
      include: query.include,
      timeZone: auth.timeZone,
    });
  }
}
