import { Controller, Get, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { queryId, respond, Responds, TOTAL_META } from '@lms/jsonapi';
import { agendaResource } from './agenda.resource';
import { agendaRange, AgendaService } from './agenda.service';

@Controller('api/course')
export class AgendaController {
  constructor(private readonly agenda: AgendaService) {}

  /**
   * The caller's agenda (spec 03 §7): `?date=YYYY-MM-DD` for a day, `?month=YYYY-MM` for a month
   * of the campus's calendar — every exam, task, module, activity and form of their courses opening
   * or closing then, earliest first, one entry per event. Not paged: a month is the widest span.
   */
  @Get('agenda')
  @Responds(agendaResource, { list: true, meta: TOTAL_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query('date') date: unknown,
    @Query('month') month: unknown,
    @Query('filter[course_id]') courseId: unknown,
  ) {
    const entries = await this.agenda.list(
      auth,
      agendaRange(date, month, auth.timeZone),
      queryId(courseId, 'filter[course_id]', false),
    );
    return respond(agendaResource, entries, { meta: { total: entries.length } });
  }
}
