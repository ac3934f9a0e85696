import { In, Not, type EntityManager } from 'typeorm';
import { type AttributesOf, attributePointer, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { TenantDomain } from './tenant-domain.entity';
import { Tenant } from './tenant.entity';
import type { campusChangeRules, newCampusRules } from './campuses.rules';
import { recordTenantUpserted } from './tenants.data';

/** A campus with every host name it is served at, its primary one first. */
export interface Campus {
  tenant: Tenant;
  domains: string[];
}

type CampusChange = AttributesOf<typeof campusChangeRules>;
export type NewCampus = AttributesOf<typeof newCampusRules>;

/** Campus writes hold this lock, so two of them never give one host name to two campuses. */
const HOST_NAMES_LOCK = 0x1d_c4a5;

/** The campus's host names, its primary one first. */
export async function domainsOf(manager: EntityManager, tenant: Tenant): Promise<string[]> {
  const aliases = await manager.find(TenantDomain, {
    where: { tenantId: tenant.id },
    order: { domain: 'ASC' },
  });
  return [tenant.domain, ...aliases.map((alias) => alias.domain)];
}

/** The campus served at `host` (normalized), by its primary host name or any other. */
export async function campusAt(manager: EntityManager, host: string): Promise<Tenant | null> {
  const primary = await manager.findOneBy(Tenant, { domain: host });
  if (primary) return primary;
  const alias = await manager.findOneBy(TenantDomain, { domain: host });
  return alias ? manager.findOneBy(Tenant, { id: alias.tenantId }) : null;
}

/**
 * Host names of `domains` that are already another campus's (or twice in the list), as 422
 * issues pointing at them.
 */
async function hostNameIssues(manager: EntityManager, domains: string[], tenantId: number | null) {
  const issues: ValidationIssue[] = [];
  const others = tenantId === null ? {} : { id: Not(tenantId) };
  const aliasOthers = tenantId === null ? {} : { tenantId: Not(tenantId) };
  const taken = new Set([
    ...(await manager.find(Tenant, { where: { domain: In(domains), ...others } })).map((t) => t.domain),
    ...(await manager.find(TenantDomain, { where: { domain: In(domains), ...aliasOthers } })).map(
      (d) => d.domain,
    ),
  ]);
  domains.forEach((domain, index) => {
    const pointer = attributePointer(['domains', index]);
    if (domains.indexOf(domain) !== index)
      issues.push({ pointer, detail: `domains[${index}] ${domain} is listed twice` });
    else if (taken.has(domain))
      issues.push({ pointer, detail: `domains[${index}] ${domain} is a host name of another campus` });
  });
  return issues;
}

function applySiteInfo(tenant: Tenant, changes: CampusChange) {
  if (changes.name !== undefined) tenant.name = changes.name;
  if (changes.time_zone !== undefined) tenant.timeZone = changes.time_zone;
  if (changes.description !== undefined) tenant.description = changes.description;
  if (changes.favicon !== undefined) tenant.favicon = changes.favicon;
  if (changes.landing_page_url !== undefined) tenant.landingPageUrl = changes.landing_page_url;
  if (changes.whatsapp !== undefined) tenant.whatsapp = changes.whatsapp;
  if (changes.tawk_src !== undefined) tenant.tawkSrc = changes.tawk_src;
  if (changes.default_language !== undefined) tenant.defaultLanguage = changes.default_language;
  if (changes.self_registration !== undefined) tenant.selfRegistration = changes.self_registration;
  if (changes.registration_email_domains !== undefined)
    tenant.registrationEmailDomains = changes.registration_email_domains.map((domain) =>
      domain.toLowerCase(),
    );
}

async function saveCampus(
  manager: EntityManager,
  tenant: Tenant,
  changes: CampusChange,
  actorId: number | null,
): Promise<Campus> {
  await manager.query('SELECT pg_advisory_xact_lock($1)', [HOST_NAMES_LOCK]);
  const domains = changes.domains?.map((domain) => domain.toLowerCase());
  if (domains) {
    const issues = await hostNameIssues(manager, domains, tenant.id ?? null);
    if (issues.length > 0) throw unprocessable(issues);
    tenant.domain = domains[0];
  }
  applySiteInfo(tenant, changes);
  if (changes.self_registration && tenant.sso)
    throw unprocessable([
      {
        pointer: attributePointer('self_registration'),
        detail: 'This campus signs in through its identity provider: its accounts come from there',
      },
    ]);
  const saved = await manager.save(tenant);
  if (domains) {
    await manager.delete(TenantDomain, { tenantId: saved.id });
    const aliases = domains.slice(1).map((domain) => ({ domain, tenantId: saved.id }));
    if (aliases.length > 0) await manager.insert(TenantDomain, aliases);
  }
  await recordTenantUpserted(manager, saved, actorId);
  return { tenant: saved, domains: await domainsOf(manager, saved) };
}

/** Creates a campus with its host names and publishes it, in the caller's transaction. */
export function createCampus(manager: EntityManager, input: NewCampus, actorId: number | null) {
  return saveCampus(
    manager,
    manager.create(Tenant, { whatsapp: [], registrationEmailDomains: [] }),
    input,
    actorId,
  );
}

/** Changes a campus (`domains`, when sent, replaces every host name) and publishes it. */
export function updateCampus(
  manager: EntityManager,
  tenant: Tenant,
  changes: CampusChange,
  actorId: number | null,
) {
  return saveCampus(manager, tenant, changes, actorId);
}
