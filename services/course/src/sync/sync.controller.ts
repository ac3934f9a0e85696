import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { readAttributes, toDocument, validateAttributes } from '@lms/jsonapi';
import { CourseAdminService } from '../courses/course-admin.service';
import { courseResource } from '../courses/courses.resource';
import { SyncService } from './sync.service';

/** Letters and digits, inner spaces, dots, dashes and underscores: `IF101`, `MKU-1.02`. */
const COURSE_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]*[A-Za-z0-9])?$/;

const syncRules = {
  year: { type: 'integer', required: true, min: 1000, max: 9999 },
  type: { type: 'string', required: true, min: 1, max: 20 },
  code: { type: 'string', required: true, min: 1, max: 50, pattern: COURSE_CODE },
  period_id: { type: 'integer', required: true, min: 1 },
} as const;

/** Courses, classes and rosters from the university's academic information system. */
@Controller('api/sync/sync')
export class SyncController {
  constructor(
    private readonly sync: SyncService,
    private readonly admin: CourseAdminService,
  ) {}

  /**
   * `{year, type, code, period_id}`: pulls course `code` of the semester `year`/`type` (those of
   * period `period_id` of the caller's campus) from the academic system and upserts it with its
   * classes and their students, for the course's lecturer or an admin of the campus. Answers the
   * course with its classes (`include=class`) and in `meta` what changed and who was not matched.
   */
  @Post('syncByCourse')
  @HttpCode(200)
  @Roles('lecturer', 'admin')
  async syncByCourse(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), syncRules);
    const outcome = await this.sync.syncCourse(auth, input);
    const course = await this.admin.load(auth, outcome.courseId, ['class']);
    const changed =
      outcome.courseCreated ||
      outcome.courseUpdated ||
      outcome.classesCreated > 0 ||
      outcome.studentsAdded > 0 ||
      outcome.studentsRemoved > 0;
    return toDocument(courseResource(auth), course, {
      include: ['class'],
      meta: {
        changed,
        course_created: outcome.courseCreated,
        course_updated: outcome.courseUpdated,
        classes_created: outcome.classesCreated,
        students_added: outcome.studentsAdded,
        students_removed: outcome.studentsRemoved,
        students_total: outcome.studentsTotal,
        unmatched_students: outcome.unmatchedStudents,
        unmatched_lecturer: outcome.unmatchedLecturer,
      },
      timeZone: auth.timeZone,
    });
  }
}
