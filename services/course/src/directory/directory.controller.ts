import { Controller, Get, Param } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import { pageMeta, type ParsedQuery, ParseIdPipe, respond } from '@lms/jsonapi';
import { lecturerResource, periodResource } from '../courses/courses.resource';
import { lecturerQuery, periodQuery, studentQuery, studentResource } from './directory.resource';
import { DirectoryService } from './directory.service';

@Controller('api/course')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  /** The campus's periods: `filter[is_active][is]=1`; newest year first. */
  @Get('periods')
  async periods(@CurrentAuth() auth: AuthContext, @JsonApiQuery(periodQuery) query: ParsedQuery) {
    const [periods, total] = await this.directory.listPeriods(auth, query);
    return respond(periodResource, periods, { meta: pageMeta(total, query) });
  }

  /** Lecturers of the campus: `filter[name][like]`, `filter[nidn][like]`. */
  @Get('lecturers')
  async lecturers(@CurrentAuth() auth: AuthContext, @JsonApiQuery(lecturerQuery) query: ParsedQuery) {
    const [lecturers, total] = await this.directory.listLecturers(auth, query);
    return respond(lecturerResource(auth), lecturers, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  @Get('lecturers/:id')
  async lecturer(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(lecturerQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const lecturer = await this.directory.getLecturer(auth, id);
    return respond(lecturerResource(auth), lecturer, { include: query.include });
  }

  /**
   * Students of the campus for staff: `filter[name][like]`, `filter[code][like]`, and memberships
   * `filter[class_id]`, `filter[course_id]`, `filter[period_id][in]` (of courses the caller teaches).
   */
  @Get('students')
  @Roles('lecturer', 'admin')
  async students(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentQuery) query: ParsedQuery) {
    const [students, total] = await this.directory.listStudents(auth, query);
    return respond(studentResource, students, { meta: pageMeta(total, query) });
  }
}
