import { Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  type PendingDocument,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { userQuery, userResource, userStatsResource, type UserView } from './users.resource';
import { ownProfileRules } from './users.rules';
import { UsersService } from './users.service';

@Controller('api')
export class UsersController {
  /**
   * `/login/me` answers by the own record they show (kept a few seconds by `OwnRecords`, then
   * replaced): rendered once while that record, the campus name and zone stay the same.
   */
  private readonly ownAnswers = new WeakMap<
    object,
    { universityName: string; timeZone: string; answer: PendingDocument<UserView> }
  >();

  constructor(private readonly users: UsersService) {}

  /** The signed-in user, with the campus id (lptk_id). */
  @Get('login/me')
  @Responds(userResource)
  async me(@CurrentAuth() auth: AuthContext) {
    const { data, timeZone } = await this.users.profile(auth, auth.userId);
    const kept = this.ownAnswers.get(data.user);
    if (kept?.universityName === data.universityName && kept.timeZone === timeZone) return kept.answer;
    // `userResource` reads the view only (its sight is `self` here), never the viewer.
    const answer = respond(userResource, data, { timeZone, reusable: true });
    this.ownAnswers.set(data.user, { universityName: data.universityName, timeZone, answer });
    return answer;
  }

  @Get('course/users')
  @Responds(userResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(userQuery) query: ParsedQuery) {
    const { data, total, timeZone } = await this.users.list(auth, query);
    return respond(userResource, data, { meta: pageMeta(total, query), timeZone });
  }

  @Get('course/users/:id')
  @Responds(userResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const { data, timeZone } = await this.users.profile(auth, id);
    return respond(userResource, data, { timeZone });
  }

  /** Only the user's own thumbnail, notification e-mail, language and theme; any other field is a 422. */
  @Patch('course/users/:id')
  @Responds(userResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(ownProfileRules) changes: AttributesOf<typeof ownProfileRules>,
  ) {
    const { data, timeZone } = await this.users.updateOwn(auth, id, changes);
    return respond(userResource, data, { timeZone });
  }

  /** Presence ping of the client: stamps lastOnline. */
  @Post('course/online')
  @HttpCode(200)
  @Responds(userResource)
  async online(@CurrentAuth() auth: AuthContext) {
    const { data, timeZone } = await this.users.markOnline(auth);
    return respond(userResource, data, { timeZone });
  }

  /** Activity figures of a user: their own, or any user of the campus for lecturers and admins. */
  @Get('stats/user/:id')
  @Responds(userStatsResource)
  async stats(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const { data, timeZone } = await this.users.stats(auth, id);
    return respond(userStatsResource, data, { timeZone });
  }
}
