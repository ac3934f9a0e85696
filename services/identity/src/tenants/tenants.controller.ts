import { Controller, Get, Query } from '@nestjs/common';
import { JsonApiQuery, Public } from '@lms/auth';
import { badRequest, notFound, pageMeta, type ParsedQuery, respond } from '@lms/jsonapi';
import { tenantQuery, tenantResource, versionDocument } from './tenants.resource';
import { TenantsService } from './tenants.service';

@Controller('api/public')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  /** Site info by host: `GET /api/public/lptk?filter[domain][like]=campus.example.ac.id`. */
  @Public()
  @Get('lptk')
  async list(@JsonApiQuery(tenantQuery) query: ParsedQuery) {
    const [tenants, total] = await this.tenants.list(query);
    return respond(tenantResource, tenants, { meta: pageMeta(total, query) });
  }

  /** The running version, so a client can tell it is talking to a compatible server. */
  @Public()
  @Get('version')
  async version(@Query('domain') domain: unknown) {
    if (typeof domain !== 'string' || domain.trim() === '') throw badRequest('domain is required', 'domain');
    const tenant = await this.tenants.findByHost(domain);
    if (!tenant) throw notFound(`No campus is served at ${domain}`);
    return versionDocument(tenant);
  }
}
