import { Injectable } from '@nestjs/common';
import { GatewayConfig } from '../config';
import { SharedStore } from '../shared-store';
import { IdentityClient, type ResolvedTenant } from './identity.client';

/** Host → campus, cached for a short while so the hot path does not ask identity. */
@Injectable()
export class TenantResolver {
  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
    private readonly shared: SharedStore,
  ) {}

  async resolve(host: string): Promise<ResolvedTenant | null> {
    const key = `tenant:${host.toLowerCase()}`;
    const hit = await this.shared.store.get<{ tenant: ResolvedTenant | null }>(key);
    if (hit) return hit.tenant;
    const tenant = await this.identity.tenantByHost(host.toLowerCase());
    await this.shared.store.set(key, { tenant }, this.config.tenantCacheSeconds * 1000);
    return tenant;
  }
}
