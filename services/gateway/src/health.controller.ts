import { Controller, Get } from '@nestjs/common';
import { serviceUnavailable } from '@lms/jsonapi';
import { TenantResolver } from './auth/tenant.resolver';

/** Liveness, and readiness = identity answers (without it nobody can sign in). */
@Controller()
export class GatewayHealthController {
  constructor(private readonly tenants: TenantResolver) {}

  @Get('healthz')
  live() {
    return { meta: { status: 'ok' } };
  }

  @Get('readyz')
  async ready() {
    try {
      await this.tenants.resolve('readiness.invalid');
    } catch {
      throw serviceUnavailable('The identity service is not reachable');
    }
    return { meta: { status: 'ready' } };
  }
}
