import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { LANGUAGES } from '../users/preferences';
import { selfRegistrationOpen } from '../registrations/registrations.rules';
import type { Campus } from './campuses.data';
import type { Tenant } from './tenant.entity';

/** What the public site info of a campus holds, also part of what its operators manage. */
const siteInfoShape = {
  name: z.string(),
  description: z.string().nullable(),
  domain: z.string(),
  favicon: z.string().nullable(),
  landing_page_url: z.string().nullable(),
  whatsapp: z.array(z.object({ label: z.string(), number: z.string() })),
  tawk_src: z.string().nullable(),
  time_zone: z.string(),
  /** The interface language of whoever has not chosen one; null: the browser's. */
  default_language: z.enum(LANGUAGES).nullable(),
};

const siteInfo = (tenant: Tenant) => ({
  name: tenant.name,
  description: tenant.description,
  domain: tenant.domain,
  favicon: tenant.favicon,
  landing_page_url: tenant.landingPageUrl,
  whatsapp: tenant.whatsapp,
  tawk_src: tenant.tawkSrc,
  time_zone: tenant.timeZone,
  default_language: tenant.defaultLanguage,
});

/** Site information of a campus, public: what the sign-in page and the layout show. */
export const tenantResource = defineResource({
  name: 'Campus',
  type: 'lptks',
  schema: {
    ...siteInfoShape,
    /** The campus signs in through its identity provider: the button's label; null: passwords only. */
    sso: z.object({ button_label: z.string() }).nullable(),
    /**
     * Visitors may create an account (`POST /api/account/register`), with an address at one of
     * `email_domains` when it lists any; null: they may not.
     */
    registration: z.object({ email_domains: z.array(z.string()) }).nullable(),
  },
  attributes: (tenant: Tenant) => ({
    ...siteInfo(tenant),
    sso: tenant.sso ? { button_label: tenant.sso.buttonLabel } : null,
    registration: selfRegistrationOpen(tenant) ? { email_domains: tenant.registrationEmailDomains } : null,
  }),
});

/** A campus as its operators manage it: the site info and every host name, the primary first. */
export const campusResource = defineResource({
  name: 'ManagedCampus',
  type: 'campuses',
  id: (campus: Campus) => campus.tenant.id,
  schema: {
    ...siteInfoShape,
    /** Every host name the campus is served at; the first is its primary one. */
    domains: z.array(z.string()),
    /** Visitors may create their own (student) account, verified by mail. */
    self_registration: z.boolean(),
    /** The e-mail domains a self-registration may use; empty: any. */
    registration_email_domains: z.array(z.string()),
  },
  attributes: (campus: Campus) => ({
    ...siteInfo(campus.tenant),
    domains: campus.domains,
    self_registration: campus.tenant.selfRegistration,
    registration_email_domains: campus.tenant.registrationEmailDomains,
  }),
});

export const tenantQuery: QuerySpec = {
  filters: {
    id: { column: 'tenant.id', type: 'integer', ops: ['is', 'in'] },
    domain: { column: 'tenant.domain', type: 'string', ops: ['is', 'like'] },
    name: { column: 'tenant.name', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'tenant.id', name: 'tenant.name', domain: 'tenant.domain' },
  defaultSort: 'id',
  maxLimit: 100,
};

const APP_VERSION = process.env.APP_VERSION ?? '0.1.0';

/** The running version for a campus, so a client can tell it is talking to a compatible server. */
export function versionDocument(tenant: Tenant) {
  return {
    data: {
      type: 'versions',
      id: String(tenant.id),
      attributes: { version: APP_VERSION, domain: tenant.domain, lptk_id: tenant.id, name: tenant.name },
    },
  };
}
