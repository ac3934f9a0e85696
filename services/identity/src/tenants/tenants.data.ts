import type { EntityManager } from 'typeorm';
import { normalizeHost } from '@lms/auth';
import { recordEvent } from '@lms/events';
import { TenantDomain } from './tenant-domain.entity';
import type { Tenant } from './tenant.entity';

/**
 * Publishes a campus's current state (in the caller's transaction) for the other services'
 * tenant projections. Call it wherever a campus is created or changed.
 */
export async function recordTenantUpserted(manager: EntityManager, tenant: Tenant, actorId: number | null) {
  const aliases = await manager.find(TenantDomain, {
    where: { tenantId: tenant.id },
    order: { domain: 'ASC' },
  });
  return recordEvent(manager, 'identity.tenant.upserted', {
    tenantId: tenant.id,
    actorId,
    key: tenant.id,
    data: {
      id: tenant.id,
      domain: normalizeHost(tenant.domain),
      domains: [tenant.domain, ...aliases.map((alias) => alias.domain)].map(normalizeHost),
      name: tenant.name,
      timeZone: tenant.timeZone,
      description: tenant.description,
      favicon: tenant.favicon,
      landingPageUrl: tenant.landingPageUrl,
      defaultLanguage: tenant.defaultLanguage,
      updatedAt: tenant.updatedAt.toISOString(),
    },
  });
}
