import { Controller, Get, Param, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
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
}
