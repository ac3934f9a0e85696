import { Injectable } from '@nestjs/common';
import { GatewayConfig } from '../config';
import { IdentityClient, type ResolvedTenant } from './identity.client';

/** Host → campus, cached for a short while so the hot path does not ask identity. */
@Injectable()
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: ResolvedTenant | null; expires: number }>();

  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
  ) {}

  async resolve(host: string): Promise<ResolvedTenant | null> {
    const key = host.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.tenant;
    const tenant = await this.identity.tenantByHost(key);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { tenant, expires: Date.now() + this.config.tenantCacheSeconds * 1000 });
    return tenant;
  }
}
