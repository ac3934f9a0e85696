import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  forbidden,
  pageMeta,
  parseQuery,
  type RawQuery,
  readAttributes,
  toDocument,
  validateAttributes,
} from '@lms/jsonapi';
import { userQuery, userResource, userStatsResource } from './users.resource';
import { ownProfileRules } from './users.rules';
import { UsersService } from './users.service';

@Controller('api')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, with the campus id (lptk_id). */
  @Get('login/me')
  async me(@CurrentAuth() auth: AuthContext) {
    const [user, tenant] = await Promise.all([this.users.get(auth, auth.userId), this.users.tenantOf(auth)]);
    return toDocument(
      userResource,
      { user, universityName: tenant.name, self: true },
      { timeZone: tenant.timeZone },
    );
  }

  @Get('course/users')
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, userQuery);
    const [[users, total], tenant] = await Promise.all([
      this.users.list(auth, query),
      this.users.tenantOf(auth),
    ]);
    const views = users.map((user) => ({ user, universityName: tenant.name, self: user.id === auth.userId }));
    return toDocument(userResource, views, { meta: pageMeta(total, query), timeZone: tenant.timeZone });
  }

  @Get('course/users/:id')
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    const [user, tenant] = await Promise.all([this.users.get(auth, id), this.users.tenantOf(auth)]);
    const view = { user, universityName: tenant.name, self: id === auth.userId };
    return toDocument(userResource, view, { timeZone: tenant.timeZone });
  }

  /** Only the user's own thumbnail and notification e-mail; any other field is a 422. */
  @Patch('course/users/:id')
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: unknown,
  ) {
    const changes = validateAttributes(readAttributes(body), ownProfileRules);
    const [user, tenant] = await Promise.all([
      this.users.updateOwn(auth, id, changes),
      this.users.tenantOf(auth),
    ]);
    return toDocument(
      userResource,
      { user, universityName: tenant.name, self: true },
      { timeZone: tenant.timeZone },
    );
  }

  /** Presence ping of the client: stamps lastOnline. */
  @Post('course/online')
  @HttpCode(200)
  async online(@CurrentAuth() auth: AuthContext) {
    const [user, tenant] = await Promise.all([this.users.markOnline(auth), this.users.tenantOf(auth)]);
    return toDocument(
      userResource,
      { user, universityName: tenant.name, self: true },
      { timeZone: tenant.timeZone },
    );
  }

  /** Activity figures of a user: their own, or any user of the campus for lecturers and admins. */
  @Get('stats/user/:id')
  async stats(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    const user = await this.users.get(auth, id);
    if (id !== auth.userId && auth.role === 'student')
      throw forbidden('Students can only see their own statistics');
    const tenant = await this.users.tenantOf(auth);
    return toDocument(userStatsResource, user, { timeZone: tenant.timeZone });
  }
}
