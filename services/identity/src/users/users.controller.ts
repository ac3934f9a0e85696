import { Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
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
} from '@lms/jsonapi';
import { userQuery, userResource, userStatsResource } from './users.resource';
import { ownProfileRules } from './users.rules';
import { UsersService } from './users.service';

@Controller('api')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, with the campus id (lptk_id). */
  @Get('login/me')
  @Responds(userResource)
  async me(@CurrentAuth() auth: AuthContext) {
    const { data, timeZone } = await this.users.profile(auth, auth.userId);
    return respond(userResource, data, { timeZone });
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
