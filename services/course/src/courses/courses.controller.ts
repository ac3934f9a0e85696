import { Controller, Get, Param, Patch, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
  TOTAL_META,
  z,
} from '@lms/jsonapi';
import { CourseAdminService } from './course-admin.service';
import { classResource, courseQuery, courseResource } from './courses.resource';
import { CoursesService } from './courses.service';
import { classmateResource, studentQuery, studentResource } from '../directory/directory.resource';
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
  @Responds(courseResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(courseQuery) query: ParsedQuery) {
    const [courses, total] = await this.courses.list(auth, query);
    return respond(courseResource, courses, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  /** Copies the structure and contents of `from` into `to` (not its students): `{from, to}`. */
  @Put('replicate')
  @Responds(courseResource, { meta: z.object({ copied_modules: z.int() }) })
  async replicate(
    @CurrentAuth() auth: AuthContext,
    @Attributes(replicateRules) input: AttributesOf<typeof replicateRules>,
  ) {
    const { course, copiedModules } = await this.admin.replicate(auth, input.from, input.to);
    return respond(courseResource, course, {
      include: ['modules', 'modules.activities'],
      meta: { copied_modules: copiedModules },
    });
  }

  /** One course with `modules, modules.activities, lecturer, lecturer.user, assistant, class`. */
  @Get(':id')
  @Responds(courseResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(courseQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const course = await this.courses.get(auth, id, query.include);
    return respond(courseResource, course, {
      include: query.include,
    });
  }

  /**
   * Partial update by the course's lecturer (`?include=lecturer,period`): name, code, period_id,
   * lecturer_id, is_active, thumbnail, start_at, end_at, is_open, is_public, is_free, gradebook_publish,
   * gradebook_presence, completion_tracking.
   */
  @Patch(':id')
  @Responds(courseResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(courseQuery, { includeOnly: true }) query: ParsedQuery,
    @Attributes(courseUpdateRules) changes: AttributesOf<typeof courseUpdateRules>,
  ) {
    const course = await this.admin.update(auth, id, changes, query.include);
    return respond(courseResource, course, { include: query.include });
  }

  /** The course's classes: all of them for staff and admins, their own for a student. */
  @Get(':id/classes')
  @Responds(classResource, { list: true, meta: TOTAL_META })
  async classes(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const classes = await this.directory.classesOf(auth, id);
    return respond(classResource, classes, { meta: { total: classes.length } });
  }

  /**
   * The course's students (`filter[class_id][is]`, `filter[name][like]`): in detail for those who
   * teach it, by name and avatar for its students.
   */
  @Get(':id/students')
  @Responds([studentResource, classmateResource], { list: true, meta: PAGE_META })
  async students(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(studentQuery) query: ParsedQuery,
  ) {
    const { rows, total, classmates } = await this.directory.studentsOfCourse(auth, id, query);
    return respond(classmates ? classmateResource : studentResource, rows, { meta: pageMeta(total, query) });
  }
}
