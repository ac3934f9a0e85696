import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { pageMeta, parseQuery, type RawQuery, toDocument } from '@lms/jsonapi';
import { lecturerResource, periodResource } from '../courses/courses.resource';
import { lecturerQuery, periodQuery, studentQuery, studentResource } from './directory.resource';
import { DirectoryService } from './directory.service';

@Controller('api/course')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  /** The campus's periods: `filter[is_active][is]=1`; newest year first. */
  @Get('periods')
  async periods(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, periodQuery);
    const [periods, total] = await this.directory.listPeriods(auth, query);
    return toDocument(periodResource, periods, { meta: pageMeta(total, query), timeZone: auth.timeZone });
  }

  /** Lecturers of the campus: `filter[name][like]`, `filter[nidn][like]`. */
  @Get('lecturers')
  async lecturers(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, lecturerQuery);
    const [lecturers, total] = await this.directory.listLecturers(auth, query);
    return toDocument(lecturerResource, lecturers, {
      include: query.include,
      meta: pageMeta(total, query),
      timeZone: auth.timeZone,
    });
  }

  @Get('lecturers/:id')
  async lecturer(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Query() raw: RawQuery,
  ) {
    const query = parseQuery({ include: raw.include }, lecturerQuery);
    const lecturer = await this.directory.getLecturer(auth, id);
    return toDocument(lecturerResource, lecturer, { include: query.include, timeZone: auth.timeZone });
  }

  /**
   * Students of the campus for staff: `filter[name][like]`, `filter[code][like]`, and memberships
   * `filter[class_id]`, `filter[course_id]`, `filter[period_id][in]` (of courses the caller teaches).
   */
  @Get('students')
  @Roles('lecturer', 'admin')
  async students(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, studentQuery);
    const [students, total] = await this.directory.listStudents(auth, query);
    return toDocument(studentResource, students, { meta: pageMeta(total, query), timeZone: auth.timeZone });
  }
}
