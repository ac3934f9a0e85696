import { Injectable } from '@nestjs/common';
import { NearCache } from '@lms/cache';
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
  private readonly local: NearCache<string, Readonly<ResolvedTenant> | null>;

  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
    private readonly shared: SharedStore,
  ) {
    this.local = new NearCache(Math.min(LOCAL_TTL_MS, config.tenantCacheSeconds * 1000), LOCAL_MAX_HOSTS);
  }

  async resolve(host: string): Promise<ResolvedTenant | null> {
    const name = host.toLowerCase();
    const near = this.local.get(name);
    if (near !== undefined) return near;

    const key = `tenant:${name}`;
    const hit = await this.shared.store.get<{ tenant: ResolvedTenant | null }>(key);
    let tenant: ResolvedTenant | null;
    if (hit) tenant = hit.tenant;
    else {
      tenant = await this.identity.tenantByHost(name);
      await this.shared.store.set(key, { tenant }, this.config.tenantCacheSeconds * 1000);
    }
    const frozen = tenant && Object.freeze(tenant);
    this.local.set(name, frozen);
    return frozen;
  }
}
