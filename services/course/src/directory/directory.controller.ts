import { Controller, Get, Param } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { lecturerResource, periodResource } from '../courses/courses.resource';
import { lecturerQuery, periodQuery, studentQuery, studentResource } from './directory.resource';
import { DirectoryService } from './directory.service';

@Controller('api/course')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  /** The campus's periods: `filter[is_active][is]=1`; newest year first. */
  @Get('periods')
  @Responds(periodResource, { list: true, meta: PAGE_META })
  async periods(@CurrentAuth() auth: AuthContext, @JsonApiQuery(periodQuery) query: ParsedQuery) {
    const [periods, total] = await this.directory.listPeriods(auth, query);
    return respond(periodResource, periods, { meta: pageMeta(total, query) });
  }

  /** Lecturers of the campus: `filter[name][like]`, `filter[nidn][like]`. */
  @Get('lecturers')
  @Responds(lecturerResource, { list: true, meta: PAGE_META })
  async lecturers(@CurrentAuth() auth: AuthContext, @JsonApiQuery(lecturerQuery) query: ParsedQuery) {
    const [lecturers, total] = await this.directory.listLecturers(auth, query);
    return respond(lecturerResource, lecturers, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  @Get('lecturers/:id')
  @Responds(lecturerResource)
  async lecturer(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(lecturerQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const lecturer = await this.directory.getLecturer(auth, id);
    return respond(lecturerResource, lecturer, { include: query.include });
  }

  /**
   * Students of the campus for staff: `filter[name][like]`, `filter[code][like]`, and memberships
   * `filter[class_id]`, `filter[course_id]`, `filter[period_id][in]` (of courses the caller teaches).
   */
  @Get('students')
  @Roles('lecturer', 'admin')
  @Responds(studentResource, { list: true, meta: PAGE_META })
  async students(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentQuery) query: ParsedQuery) {
    const [students, total] = await this.directory.listStudents(auth, query);
    return respond(studentResource, students, { meta: pageMeta(total, query) });
  }
}
