import { Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import {
  courseChangeRules,
  facultyChangeRules,
  newCourseRules,
  newFacultyRules,
  newPeriodRules,
  periodChangeRules,
} from './academic.rules';
import {
  managedCourseQuery,
  managedCourseResource,
  managedFacultyQuery,
  managedFacultyResource,
  managedPeriodQuery,
  managedPeriodResource,
} from './academic.resource';
import { AcademicService } from './academic.service';

/**
 * The academic structure of a campus without an academic system, for its operators (who never
 * sign in to the web app): a platform `admin` manages every campus (`campus_id` on a new row,
 * `filter[campus_id]` on a list), an `lptk` account its own; another campus's rows are not found.
 */
@Controller('api/admin')
@Roles('admin', 'lptk')
export class AcademicController {
  constructor(private readonly academic: AcademicService) {}

  @Get('periods')
  @Responds(managedPeriodResource, { list: true, meta: PAGE_META })
  async periods(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedPeriodQuery) query: ParsedQuery) {
    const [periods, total] = await this.academic.listPeriods(auth, query);
    return respond(managedPeriodResource, periods, { meta: pageMeta(total, query) });
  }

  @Get('periods/:id')
  @Responds(managedPeriodResource)
  async period(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedPeriodResource, await this.academic.period(auth, id));
  }

  /** A new period (semester): name, year, period_type (unique per year in the campus), is_active. */
  @Post('periods')
  @Responds(managedPeriodResource)
  async addPeriod(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newPeriodRules) { campus_id, ...input }: AttributesOf<typeof newPeriodRules>,
  ) {
    return respond(managedPeriodResource, await this.academic.addPeriod(auth, campus_id, input));
  }

  @Patch('periods/:id')
  @Responds(managedPeriodResource)
  async changePeriod(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(periodChangeRules) changes: AttributesOf<typeof periodChangeRules>,
  ) {
    return respond(managedPeriodResource, await this.academic.changePeriod(auth, id, changes));
  }

  @Get('faculties')
  @Responds(managedFacultyResource, { list: true, meta: PAGE_META })
  async faculties(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedFacultyQuery) query: ParsedQuery) {
    const [faculties, total] = await this.academic.listFaculties(auth, query);
    return respond(managedFacultyResource, faculties, { meta: pageMeta(total, query) });
  }

  @Get('faculties/:id')
  @Responds(managedFacultyResource)
  async faculty(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedFacultyResource, await this.academic.faculty(auth, id));
  }

  /** A new faculty: name and code, each unique in the campus. */
  @Post('faculties')
  @Responds(managedFacultyResource)
  async addFaculty(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newFacultyRules) { campus_id, ...input }: AttributesOf<typeof newFacultyRules>,
  ) {
    return respond(managedFacultyResource, await this.academic.addFaculty(auth, campus_id, input));
  }

  @Patch('faculties/:id')
  @Responds(managedFacultyResource)
  async changeFaculty(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(facultyChangeRules) changes: AttributesOf<typeof facultyChangeRules>,
  ) {
    return respond(managedFacultyResource, await this.academic.changeFaculty(auth, id, changes));
  }

  @Get('courses')
  @Responds(managedCourseResource, { list: true, meta: PAGE_META })
  async courses(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedCourseQuery) query: ParsedQuery) {
    const [courses, total] = await this.academic.listCourses(auth, query);
    return respond(managedCourseResource, courses, { meta: pageMeta(total, query) });
  }

  @Get('courses/:id')
  @Responds(managedCourseResource)
  async course(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(managedCourseResource, await this.academic.course(auth, id));
  }

  /**
   * A new course of a period (its code unique in the period), of a faculty, with its lecturers
   * (`lecturer_ids`: the lecturer in charge first, then assistants) and classes (by name).
   */
  @Post('courses')
  @Responds(managedCourseResource)
  async addCourse(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newCourseRules) { campus_id, ...input }: AttributesOf<typeof newCourseRules>,
  ) {
    return respond(managedCourseResource, await this.academic.addCourse(auth, campus_id, input));
  }

  /** Changes what is sent; `lecturer_ids` replaces the staff, `classes` adds the classes it lacks. */
  @Patch('courses/:id')
  @Responds(managedCourseResource)
  async changeCourse(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(courseChangeRules) changes: AttributesOf<typeof courseChangeRules>,
  ) {
    return respond(managedCourseResource, await this.academic.changeCourse(auth, id, changes));
  }
}
