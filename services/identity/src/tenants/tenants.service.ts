import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { normalizeHost } from '@lms/auth';
import { recordEvent } from '@lms/events';
import { applyQuery, type ParsedQuery } from '@lms/jsonapi';
import { Tenant } from './tenant.entity';

@Injectable()
export class TenantsService {
  constructor(@InjectRepository(Tenant) private readonly tenants: Repository<Tenant>) {}

  findByHost(host: string): Promise<Tenant | null> {
    return this.tenants.findOneBy({ domain: normalizeHost(host) });
  }

  findById(id: number): Promise<Tenant | null> {
    return this.tenants.findOneBy({ id });
  }

  async list(query: ParsedQuery): Promise<[Tenant[], number]> {
    return applyQuery(this.tenants.createQueryBuilder('tenant'), query).getManyAndCount();
  }
}

/**
 * Publishes a campus's current state (in the caller's transaction) for the other services'
 * tenant projections. Call it wherever a campus is created or changed.
 */
export function recordTenantUpserted(manager: EntityManager, tenant: Tenant, actorId: number | null) {
  return recordEvent(manager, 'identity.tenant.upserted', {
    tenantId: tenant.id,
    actorId,
    key: tenant.id,
    data: {
      id: tenant.id,
      domain: normalizeHost(tenant.domain),
      name: tenant.name,
      timeZone: tenant.timeZone,
      description: tenant.description,
      favicon: tenant.favicon,
      landingPageUrl: tenant.landingPageUrl,
      updatedAt: tenant.updatedAt.toISOString(),
    },
  });
}
