import { Controller, HttpCode, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import { Attributes, type AttributesOf, respond, Responds } from '@lms/jsonapi';
import { courseResource } from '../courses/courses.resource';
import { SYNC_META, syncMeta } from './sync.resource';
import { syncRules } from './sync.rules';
import { SyncService } from './sync.service';

/** Courses, classes and rosters from the university's academic information system. */
@Controller('api/sync/sync')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  /**
   * `{year, type, code, period_id}`: pulls course `code` of the semester `year`/`type` (those of
   * period `period_id` of the caller's campus) from the academic system and upserts it with its
   * classes and their students, for the course's lecturer or an admin of the campus. Answers the
   * course with its classes (`include=class`) and in `meta` what changed and who was not matched.
   */
  @Post('syncByCourse')
  @HttpCode(200)
  @Roles('lecturer', 'admin')
  @Responds(courseResource, { meta: SYNC_META })
  async syncByCourse(
    @CurrentAuth() auth: AuthContext,
    @Attributes(syncRules) input: AttributesOf<typeof syncRules>,
  ) {
    const { course, outcome } = await this.sync.syncCourse(auth, input);
    return respond(courseResource, course, {
      include: ['class'],
      meta: syncMeta(outcome),
    });
  }
}
