import { Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  type QuerySpec,
  respond,
  Responds,
  TOTAL_META,
} from '@lms/jsonapi';
import { CheckInService } from './check-in.service';
import { presenceClassResource, presenceQuery, presenceResource } from './presences.resource';
import {
  checkInRules,
  manualMarkRules,
  presenceCreateRules,
  presenceOpenRules,
  presenceSendRules,
  presenceUpdateRules,
} from './presences.rules';
import { PresencesService } from './presences.service';

/** `GET /course/presences/list`: by course or period, paged (the service reads the filters). */
const classListQuery: QuerySpec = {
  filters: {
    course_id: { column: 'c.id', type: 'integer', ops: ['is'] },
    period_id: { column: 'c.period_id', type: 'integer', ops: ['is'] },
  },
  sorts: {},
};

/** The value of an `is` filter of the query, if given. */
const filterValue = (query: ParsedQuery, field: string) => {
  const value = query.filters.find((filter) => filter.field === field)?.value;
  return typeof value === 'number' ? value : undefined;
};

/** Class sessions and their marks (spec 03 §7 "Presence"). */
@Controller('api/course/presences')
export class PresencesController {
  constructor(private readonly presences: PresencesService) {}

  /**
   * The classes the caller teaches or studies in, with their sessions so far: `filter[course_id]`,
   * `filter[period_id]`, `page[limit|offset]` (10 a page).
   */
  @Get('list')
  @Responds(presenceClassResource, { list: true, meta: PAGE_META })
  async classes(@CurrentAuth() auth: AuthContext, @JsonApiQuery(classListQuery) query: ParsedQuery) {
    const [rows, total] = await this.presences.classes(
      auth,
      { courseId: filterValue(query, 'course_id'), periodId: filterValue(query, 'period_id') },
      query,
    );
    return respond(presenceClassResource, rows, { meta: pageMeta(total, query) });
  }

  /** Sessions the caller may read: `filter[course_id]`, `filter[class_id]`, `sort=start_at`, 10 a page. */
  @Get()
  @Responds(presenceResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(presenceQuery) query: ParsedQuery) {
    const [rows, total] = await this.presences.list(auth, query);
    return respond(presenceResource, rows, { meta: pageMeta(total, query) });
  }

  /** A session with its students (staff) or the caller's own mark (a student of the class). */
  @Get(':id')
  @Responds(presenceResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(presenceResource, await this.presences.get(auth, id));
  }

  /** A new session of a class of a course the caller teaches. */
  @Post()
  @Responds(presenceResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(presenceCreateRules) input: AttributesOf<typeof presenceCreateRules>,
  ) {
    return respond(presenceResource, await this.presences.create(auth, input));
  }

  /** Changes what is sent (`regenerate_code: true`: a new check-in code); 409 once sent. */
  @Patch(':id')
  @Responds(presenceResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(presenceUpdateRules) input: AttributesOf<typeof presenceUpdateRules>,
  ) {
    return respond(presenceResource, await this.presences.update(auth, id, input));
  }

  /** A student's mark set (`action: update`) or cleared (`delete`) by the staff; 409 once sent. */
  @Put(':id/manual')
  @Responds(presenceResource)
  async manual(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(manualMarkRules) input: AttributesOf<typeof manualMarkRules>,
  ) {
    return respond(presenceResource, await this.presences.manual(auth, id, input));
  }
}

/** Opening, sending and checking in (spec 03 §7 `POST /presence`, `PATCH /presence/{id}`). */
@Controller('api/presence')
export class PresenceController {
  constructor(
    private readonly presences: PresencesService,
    private readonly checkIns: CheckInService,
  ) {}

  /** A session now for each class the caller teaches in the period (or in `course_id`). */
  @Post()
  @HttpCode(200)
  @Responds(presenceResource, { list: true, meta: TOTAL_META })
  async open(
    @CurrentAuth() auth: AuthContext,
    @Attributes(presenceOpenRules) input: AttributesOf<typeof presenceOpenRules>,
  ) {
    const sessions = await this.presences.open(auth, input);
    return respond(presenceResource, sessions, { meta: { total: sessions.length } });
  }

  /** `{is_sent: 1}`: closes the session for good and publishes `presence.session.sent`. */
  @Patch(':id')
  @Responds(presenceResource)
  async send(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(presenceSendRules) input: AttributesOf<typeof presenceSendRules>,
  ) {
    return respond(presenceResource, await this.presences.send(auth, id, input.is_sent));
  }

  /**
   * A student of the class marks themselves present with the code the lecturer shows, inside the
   * window; again: unchanged. Wrong codes: 422, then 429 after five within ten minutes.
   */
  @Post(':id/check-in')
  @HttpCode(200)
  @Responds(presenceResource)
  async checkIn(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(checkInRules) input: AttributesOf<typeof checkInRules>,
  ) {
    return respond(presenceResource, await this.checkIns.checkIn(auth, id, input.code));
  }
}
