import { attributes, defineResource, field, z } from '@lms/jsonapi';
import type { Tenant } from '../tenants/tenant.entity';

export const UNKNOWN_USER_RULES = ['create', 'refuse'] as const;
export const NEW_USER_ROLES = ['student', 'lecturer'] as const;
/** The `prompt` values a sign-in may ask the provider for (adding an account asks select_account). */
export const SSO_PROMPTS = ['login', 'select_account'] as const;

/** A campus's OpenID Connect provider as stored with the campus (the client secret apart). */
export interface SsoSettings {
  /** The provider's issuer identifier, exactly as its discovery document and ID tokens name it. */
  issuer: string;
  clientId: string;
  scopes: string[];
  /** The ID-token claim that holds the username (`preferred_username`, `upn`, `nim`…). */
  usernameClaim: string;
  /** What a sign-in of a username the campus does not have does: create the account, or refuse. */
  unknownUsers: (typeof UNKNOWN_USER_RULES)[number];
  /** The role of an account created by a sign-in. */
  newUserRole: (typeof NEW_USER_ROLES)[number];
  /** The sign-in page's button (`Sign in with Universitas Demo SSO`). */
  buttonLabel: string;
}

/** `http://` only for a provider on this machine (development, tests); `https://` otherwise. */
export function isIssuerAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A scope token (RFC 6749 §3.3). */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * `PUT /api/admin/campuses/:id/sso`: the campus's provider, replacing what was set. An omitted
 * `client_secret` keeps the stored one; null removes it (a public client, PKCE only).
 */
export const ssoSettingsRules = attributes({
  issuer: field.string({ max: 500 }).refine(isIssuerAddress, {
    message: 'must be an https:// address without query (http:// only for localhost)',
  }),
  client_id: field.string({ min: 1, max: 255 }),
  client_secret: field.string({ min: 1, max: 2000 }).nullable().optional(),
  scopes: field.array(field.string({ max: 100, pattern: SCOPE }), { min: 1, max: 20 }).optional(),
  username_claim: field.string({ min: 1, max: 100, pattern: /^[A-Za-z0-9_:./-]+$/ }).optional(),
  unknown_users: field.enum(UNKNOWN_USER_RULES).optional(),
  new_user_role: field.enum(NEW_USER_ROLES).optional(),
  button_label: field.string({ min: 1, max: 100 }).optional(),
});

/** Where the provider sends its answers for a campus served at `origin` (`https://host`). */
export const ssoAddresses = (origin: string) => ({
  redirect_uri: `${origin}/callback`,
  backchannel_logout_uri: `${origin}/webhook/sso`,
});

/** The campus's provider as its operators see it: everything but the client secret. */
export const ssoSettingsResource = defineResource({
  name: 'CampusSsoSettings',
  type: 'campus-sso-settings',
  id: (tenant: Tenant) => tenant.id,
  schema: {
    issuer: z.string(),
    client_id: z.string(),
    /** Whether a client secret is stored (it is never answered). */
    client_secret_set: z.boolean(),
    scopes: z.array(z.string()),
    username_claim: z.string(),
    unknown_users: z.enum(UNKNOWN_USER_RULES),
    new_user_role: z.enum(NEW_USER_ROLES),
    button_label: z.string(),
    /** What to register at the provider as the redirect URI. */
    redirect_uri: z.string(),
    /** What to register at the provider as the back-channel logout URI. */
    backchannel_logout_uri: z.string(),
  },
  attributes: (tenant: Tenant) => {
    const sso = tenant.sso as SsoSettings;
    return {
      issuer: sso.issuer,
      client_id: sso.clientId,
      client_secret_set: Boolean(tenant.ssoClientSecret),
      scopes: sso.scopes,
      username_claim: sso.usernameClaim,
      unknown_users: sso.unknownUsers,
      new_user_role: sso.newUserRole,
      button_label: sso.buttonLabel,
      ...ssoAddresses(`https://${tenant.domain}`),
    };
  },
});
