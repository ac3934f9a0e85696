import { Controller, Get } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import {
  dashboardGradeResource,
  dashboardProgressResource,
  dashboardQuery,
  dashboardTaskResource,
  runningExamResource,
} from './dashboard.resource';
import { DashboardService } from './dashboard.service';

/**
 * The dashboard's cards (issue 21), one small request each so each card loads and fails on its
 * own: a student's (their own rows only) and a lecturer's or assistant's (the courses they teach).
 * Every card takes `filter[course_id]`, `page[limit]` (5, at most 50) and `page[offset]`; the
 * caller's courses of their campus only, so another campus's course gives an empty card.
 */
@Controller('api/course/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  /** The caller's tasks due soon as a student, with where their answer stands, soonest end first. */
  @Get('tasks')
  @Responds(dashboardTaskResource, { list: true, meta: PAGE_META })
  async tasks(@CurrentAuth() auth: AuthContext, @JsonApiQuery(dashboardQuery) query: ParsedQuery) {
    const [tasks, total] = await this.dashboard.tasks(auth, query);
    return respond(dashboardTaskResource, tasks, { meta: pageMeta(total, query) });
  }

  /** The caller's scores released to them as a student (tasks and exams that show scores), latest first. */
  @Get('grades')
  @Responds(dashboardGradeResource, { list: true, meta: PAGE_META })
  async grades(@CurrentAuth() auth: AuthContext, @JsonApiQuery(dashboardQuery) query: ParsedQuery) {
    const [grades, total] = await this.dashboard.grades(auth, query);
    return respond(dashboardGradeResource, grades, { meta: pageMeta(total, query) });
  }

  /** The caller's completion progress per course they study that tracks it, by course name. */
  @Get('progress')
  @Responds(dashboardProgressResource, { list: true, meta: PAGE_META })
  async progress(@CurrentAuth() auth: AuthContext, @JsonApiQuery(dashboardQuery) query: ParsedQuery) {
    const [progress, total] = await this.dashboard.progress(auth, query);
    return respond(dashboardProgressResource, progress, { meta: pageMeta(total, query) });
  }

  /** The exams running now in the courses the caller teaches (for their live monitor), soonest end first. */
  @Get('running-exams')
  @Responds(runningExamResource, { list: true, meta: PAGE_META })
  async runningExams(@CurrentAuth() auth: AuthContext, @JsonApiQuery(dashboardQuery) query: ParsedQuery) {
    const [exams, total] = await this.dashboard.runningExams(auth, query);
    return respond(runningExamResource, exams, { meta: pageMeta(total, query) });
  }
}
