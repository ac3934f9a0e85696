import { Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Public, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  notFound,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { tenantQuery, tenantResource, versionDocument } from './tenants.resource';
import { campusSettingsRules } from './tenants.rules';
import { TenantsService } from './tenants.service';

@Controller('api')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  /** Site info by host: `GET /api/public/lptk?filter[domain][like]=campus.example.ac.id`. */
  @Public()
  @Get('public/lptk')
  @Responds(tenantResource, { list: true, meta: PAGE_META })
  async list(@JsonApiQuery(tenantQuery) query: ParsedQuery) {
    const [tenants, total] = await this.tenants.list(query);
    return respond(tenantResource, tenants, { meta: pageMeta(total, query) });
  }

  /** The running version, so a client can tell it is talking to a compatible server. */
  @Public()
  @Get('public/version')
  async version(@Query('domain') domain: unknown) {
    if (typeof domain !== 'string' || domain.trim() === '') throw badRequest('domain is required', 'domain');
    const tenant = await this.tenants.findByHost(domain);
    if (!tenant) throw notFound(`No campus is served at ${domain}`);
    return versionDocument(tenant);
  }

  /** The caller's own campus (lptk) by id, signed in; any other campus's id is a 404. */
  @Get('course/lptks/:id')
  @Responds(tenantResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(tenantResource, await this.tenants.ownCampus(auth, id));
  }

  /**
   * An administrator (admin or lptk) of the campus sets its default interface language
   * (`default_language`, one of the client's languages, or null for the browser's).
   */
  @Patch('course/lptks/:id')
  @Roles('admin', 'lptk')
  @Responds(tenantResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(campusSettingsRules) changes: AttributesOf<typeof campusSettingsRules>,
  ) {
    return respond(tenantResource, await this.tenants.updateOwnCampus(auth, id, changes));
  }
}
