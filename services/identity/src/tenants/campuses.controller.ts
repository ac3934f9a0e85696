import { Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  respondPage,
  Responds,
} from '@lms/jsonapi';
import { campusChangeRules, newCampusRules } from './campuses.rules';
import { campusResource, tenantQuery } from './tenants.resource';
import { TenantsService } from './tenants.service';

/**
 * Campus onboarding for operators (they never sign in to the web app): a platform `admin`
 * manages every campus, an `lptk` account its own campus only (another campus is a 404).
 */
@Controller('api/admin/campuses')
@Roles('admin', 'lptk')
export class CampusesController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @Responds(campusResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(tenantQuery) query: ParsedQuery) {
    return respondPage(campusResource, await this.tenants.manageable(auth, query), query);
  }

  @Get(':id')
  @Responds(campusResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(campusResource, await this.tenants.managed(auth, id));
  }

  /** A platform admin adds a campus: its host names (the first its primary), name, time zone, site info. */
  @Post()
  @Responds(campusResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newCampusRules) input: AttributesOf<typeof newCampusRules>,
  ) {
    return respond(campusResource, await this.tenants.create(auth, input));
  }

  /** Changes a campus; `domains`, when sent, replaces every host name of it. */
  @Patch(':id')
  @Responds(campusResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(campusChangeRules) changes: AttributesOf<typeof campusChangeRules>,
  ) {
    return respond(campusResource, await this.tenants.update(auth, id, changes));
  }
}
