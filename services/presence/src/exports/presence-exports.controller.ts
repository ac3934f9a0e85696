import { Controller, Get, Param } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { badRequest, MAX_ID, respond, Responds } from '@lms/jsonapi';
import { presenceExportResource } from './presence-exports.resource';
import { PresenceExportsService } from './presence-exports.service';

/** A path id, or a 400 with spec 03 §5's text ("Course ID is required"). */
function requiredId(value: string, text: string, parameter: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) throw badRequest(text, parameter);
  return Number(value);
}

/** The attendance exports of spec 03 §7, for the staff of the course: `{url}` of an .xlsx. */
@Controller('api/presence-export')
export class PresenceExportsController {
  constructor(private readonly exports: PresenceExportsService) {}

  /** The recap of a class: a row per student, a column per session, totals and percentages per mark. */
  @Get('recap/export/:courseId/:classId')
  @Responds(presenceExportResource)
  async recap(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId') courseId: string,
    @Param('classId') classId: string,
  ) {
    return respond(
      presenceExportResource,
      await this.exports.recap(
        auth,
        requiredId(courseId, 'Course ID is required', 'courseId'),
        requiredId(classId, 'Class ID is required', 'classId'),
      ),
    );
  }

  /** One session: a row per student with their mark. */
  @Get('export/:id')
  @Responds(presenceExportResource)
  async session(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return respond(
      presenceExportResource,
      await this.exports.session(auth, requiredId(id, 'Presence ID is required', 'id')),
    );
  }
}
