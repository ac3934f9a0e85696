import { Body, Controller, Get, Param, ParseIntPipe, Patch, Put, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  pageMeta,
  parseQuery,
  type RawQuery,
  readAttributes,
  toDocument,
  validateAttributes,
} from '@lms/jsonapi';
import { CourseAdminService } from './course-admin.service';
import { classResource, courseQuery, courseResource } from './courses.resource';
import { CoursesService } from './courses.service';
import { studentQuery, studentResource } from '../directory/directory.resource';
import { DirectoryService } from '../directory/directory.service';
import { courseUpdateRules, replicateRules } from './courses.rules';

@Controller('api/course/courses')
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly admin: CourseAdminService,
    private readonly directory: DirectoryService,
  ) {}

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

  /** Copies the structure and contents of `from` into `to` (not its students): `{from, to}`. */
  @Put('replicate')
  async replicate(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), replicateRules);
    const modules = await this.admin.replicate(auth, input.from, input.to);
    const course = await this.admin.load(auth, input.to, ['modules', 'modules.activities']);
    return toDocument(courseResource(auth), course, {
      include: ['modules', 'modules.activities'],
      meta: { copied_modules: modules.length },
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

  /**
   * Partial update by the course's lecturer (`?include=lecturer,period`): name, code, period_id,
   * lecturer_id, is_active, thumbnail, start_at, end_at, is_open, is_public, is_free, gradebook_publish.
   */
  @Patch(':id')
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Query() raw: RawQuery,
    @Body() body: unknown,
  ) {
    const query = parseQuery({ include: raw.include }, courseQuery);
    const changes = validateAttributes(readAttributes(body), courseUpdateRules, { timeZone: auth.timeZone });
    await this.admin.update(auth, id, changes);
    const course = await this.admin.load(auth, id, query.include);
    return toDocument(courseResource(auth), course, { include: query.include, timeZone: auth.timeZone });
  }

  /** The course's classes: all of them for staff and admins, their own for a student. */
  @Get(':id/classes')
  async classes(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    const classes = await this.directory.classesOf(auth, id);
    return toDocument(classResource, classes, { meta: { total: classes.length }, timeZone: auth.timeZone });
  }

  /** The course's students (`filter[class_id][is]`, `filter[name][like]`), for those who teach it. */
  @Get(':id/students')
  async students(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Query() raw: RawQuery,
  ) {
    const query = parseQuery(raw, studentQuery);
    const [students, total] = await this.directory.studentsOfCourse(auth, id, query);
    return toDocument(studentResource, students, { meta: pageMeta(total, query), timeZone: auth.timeZone });
  }
}
