import { Injectable } from '@nestjs/common';
import { GatewayConfig } from '../config';
import { SharedStore } from '../shared-store';
import { IdentityClient, type ResolvedTenant } from './identity.client';

/** How long this process trusts a campus it has looked up before asking the shared store again. */
const LOCAL_TTL_MS = 5_000;
/** Hosts remembered in this process (a deployment serves a few campuses; junk hosts churn). */
const LOCAL_MAX_HOSTS = 1_000;

/**
 * Host → campus, cached for a short while so the hot path does not ask identity: in the shared
 * store for `TENANT_CACHE_SECONDS` (every gateway replica shares one lookup), and in this process
 * for a few seconds in front of it, so a request — every proxied call with a token, `/api/time` —
 * does not wait for the shared store (Redis in stack mode) either.
 */
@Injectable()
export class TenantResolver {
  private readonly local = new Map<string, { tenant: ResolvedTenant | null; expiresAt: number }>();

  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
    private readonly shared: SharedStore,
  ) {}

  async resolve(host: string): Promise<ResolvedTenant | null> {
    const name = host.toLowerCase();
    const near = this.local.get(name);
    if (near && Date.now() < near.expiresAt) return near.tenant;

    const key = `tenant:${name}`;
    const hit = await this.shared.store.get<{ tenant: ResolvedTenant | null }>(key);
    let tenant: ResolvedTenant | null;
    if (hit) tenant = hit.tenant;
    else {
      tenant = await this.identity.tenantByHost(name);
      await this.shared.store.set(key, { tenant }, this.config.tenantCacheSeconds * 1000);
    }
    if (this.local.size >= LOCAL_MAX_HOSTS) this.local.clear();
    const ttl = Math.min(LOCAL_TTL_MS, this.config.tenantCacheSeconds * 1000);
    this.local.set(name, { tenant: tenant && Object.freeze(tenant), expiresAt: Date.now() + ttl });
    return tenant;
  }
}
