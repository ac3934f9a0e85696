import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type AuthContext, normalizeHost } from '@lms/auth';
import { NearCache } from '@lms/cache';
import { UnitOfWork } from '@lms/events';
import { applyQuery, type AttributesOf, notFound, type ParsedQuery } from '@lms/jsonapi';
import { Tenant } from './tenant.entity';
import { recordTenantUpserted } from './tenants.data';
import type { campusSettingsRules } from './tenants.rules';

/** How long a campus read by id is reused in this process (its name and zone change rarely). */
const BY_ID_TTL_MS = 5_000;

@Injectable()
export class TenantsService {
  /** Campus by id, in front of the one-row query every signed-in read of identity makes. */
  // Campuses are few; ids of deleted or foreign campuses must not grow it without end.
  private readonly byId = new NearCache<number, Readonly<Tenant> | null>(BY_ID_TTL_MS, 1_000);

  constructor(
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    private readonly unit: UnitOfWork,
  ) {}

  findByHost(host: string): Promise<Tenant | null> {
    return this.tenants.findOneBy({ domain: normalizeHost(host) });
  }

  /** The campus `id`, as read from the database at most a few seconds ago (frozen: it is shared). */
  async findById(id: number): Promise<Readonly<Tenant> | null> {
    const near = this.byId.get(id);
    if (near !== undefined) return near;
    const found = await this.tenants.findOneBy({ id });
    const tenant = found && Object.freeze(found);
    this.byId.set(id, tenant);
    return tenant;
  }

  async list(query: ParsedQuery): Promise<[Tenant[], number]> {
    return applyQuery(this.tenants.createQueryBuilder('tenant'), query).getManyAndCount();
  }

  /** The caller's campus when `id` names it; another campus (or none) is not found. */
  async ownCampus(auth: AuthContext, id: number): Promise<Tenant> {
    const tenant = id === auth.tenantId ? await this.tenants.findOneBy({ id }) : null;
    if (!tenant) throw notFound('Campus not found');
    return tenant;
  }

  /**
   * An administrator of the caller's campus changes its settings (its default language); the
   * change is published like every change of a campus. Another campus (or none) is not found.
   */
  async updateOwnCampus(
    auth: AuthContext,
    id: number,
    changes: AttributesOf<typeof campusSettingsRules>,
  ): Promise<Tenant> {
    if (id !== auth.tenantId) throw notFound('Campus not found');
    const updated = await this.unit.run(async (manager) => {
      const tenant = await manager.findOneBy(Tenant, { id });
      if (!tenant) throw notFound('Campus not found');
      if (changes.default_language !== undefined) tenant.defaultLanguage = changes.default_language;
      const saved = await manager.save(tenant);
      await recordTenantUpserted(manager, saved, auth.userId);
      return saved;
    });
    this.byId.delete(id);
    return updated;
  }
}
