import { Controller, Get, Param, Patch } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
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
import { managedUserQuery, managedUserResource } from './managed-users.resource';
import { userStatusRules } from './managed-users.rules';
import { ManagedUsersService } from './managed-users.service';

/** The users of a campus for its operators (platform `admin` any campus, `lptk` its own). */
@Controller('api/admin/campuses/:id/users')
@Roles('admin', 'lptk')
export class ManagedUsersController {
  constructor(private readonly users: ManagedUsersService) {}

  @Get()
  @Responds(managedUserResource, { list: true, meta: PAGE_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) campusId: number,
    @JsonApiQuery(managedUserQuery) query: ParsedQuery,
  ) {
    const { users, total, timeZone } = await this.users.list(auth, campusId, query);
    return respond(managedUserResource, users, { meta: pageMeta(total, query), timeZone });
  }

  /** `active: false` deactivates the user and ends their sessions; `true` lets them sign in again. */
  @Patch(':userId')
  @Responds(managedUserResource)
  async setActive(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) campusId: number,
    @Param('userId', ParseIdPipe) userId: number,
    @Attributes(userStatusRules) input: AttributesOf<typeof userStatusRules>,
  ) {
    const { user, timeZone } = await this.users.setActive(auth, campusId, userId, input.active);
    return respond(managedUserResource, user, { timeZone });
  }
}
