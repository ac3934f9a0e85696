import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type AuthContext, normalizeHost } from '@lms/auth';
import { NearCache } from '@lms/cache';
import { UnitOfWork } from '@lms/events';
import { applyQuery, type AttributesOf, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import { Tenant } from './tenant.entity';
import {
  type Campus,
  campusAt,
  createCampus,
  domainsOf,
  type NewCampus,
  updateCampus,
} from './campuses.data';
import type { campusChangeRules } from './campuses.rules';
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

  /** The campus served at `host`, by its primary host name or any other of its host names. */
  findByHost(host: string): Promise<Tenant | null> {
    return campusAt(this.tenants.manager, normalizeHost(host));
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

  /**
   * Campuses an operator manages: every campus for a platform admin, its own for an lptk account.
   */
  async manageable(auth: AuthContext, query: ParsedQuery): Promise<[Campus[], number]> {
    const builder = this.tenants.createQueryBuilder('tenant');
    if (auth.role !== 'admin') builder.where('tenant.id = :own', { own: auth.tenantId });
    const [tenants, total] = await applyQuery(builder, query).getManyAndCount();
    const campuses = await Promise.all(
      tenants.map(async (tenant) => ({ tenant, domains: await domainsOf(this.tenants.manager, tenant) })),
    );
    return [campuses, total];
  }

  /** A campus the operator manages; any other (or none) is not found. */
  async managed(auth: AuthContext, id: number): Promise<Campus> {
    const tenant =
      auth.role === 'admin' || id === auth.tenantId ? await this.tenants.findOneBy({ id }) : null;
    if (!tenant) throw notFound('Campus not found');
    return { tenant, domains: await domainsOf(this.tenants.manager, tenant) };
  }

  /** A platform admin adds a campus; an lptk account manages its own campus only (403). */
  async create(auth: AuthContext, input: NewCampus): Promise<Campus> {
    if (auth.role !== 'admin') throw forbidden('Only a platform administrator adds campuses');
    return this.unit.run((manager) => createCampus(manager, input, auth.userId));
  }

  /** An operator changes a campus they manage (another one is not found), and publishes it. */
  async update(
    auth: AuthContext,
    id: number,
    changes: AttributesOf<typeof campusChangeRules>,
  ): Promise<Campus> {
    if (auth.role !== 'admin' && id !== auth.tenantId) throw notFound('Campus not found');
    const campus = await this.unit.run(async (manager) => {
      const tenant = await manager.findOneBy(Tenant, { id });
      if (!tenant) throw notFound('Campus not found');
      return updateCampus(manager, tenant, changes, auth.userId);
    });
    this.byId.delete(id);
    return campus;
  }
}
