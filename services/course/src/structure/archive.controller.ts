import { Controller, Get, Param } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { ParseIdPipe, respond, Responds, TOTAL_META } from '@lms/jsonapi';
import { archivedItemResource } from './structure.resource';
import { StructureService } from './structure.service';

/** The archive (recycle bin) of a course's structure, for those who teach it. */
@Controller('api/course/courses')
export class StructureArchiveController {
  constructor(private readonly structure: StructureService) {}

  /** Archived modules and activities archived by themselves, newest first, with what they hold. */
  @Get(':id/archive')
  @Responds(archivedItemResource, { list: true, meta: TOTAL_META })
  async list(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const items = await this.structure.archive(auth, id);
    return respond(archivedItemResource, items, { meta: { total: items.length } });
  }
}
