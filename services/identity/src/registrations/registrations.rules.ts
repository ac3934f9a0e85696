import { attributes, field } from '@lms/jsonapi';
import { newPassword } from '../passwords/passwords.rules';
import type { Tenant } from '../tenants/tenant.entity';

/** A username a visitor may choose: letters, digits, `.`, `_`, `-`, from 3 to 100 characters. */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/;

/** `POST /api/account/register`: the account a visitor asks for. */
export const registrationRules = attributes({
  username: field.string({ min: 3, max: 100, pattern: USERNAME }),
  name: field.string({ min: 1, max: 200 }).refine((name) => name.trim() !== '', {
    message: 'must not be blank',
  }),
  email: field.email({ max: 254 }),
  password: newPassword,
});

/** `POST /api/account/register/verify`: the token of the verification link. */
export const verificationRules = attributes({ token: field.string({ min: 1, max: 200 }) });

/**
 * Whether visitors may register at the campus: its operators allowed it and it does not sign in
 * through an identity provider (accounts come from the provider there).
 */
export const selfRegistrationOpen = (tenant: Pick<Tenant, 'selfRegistration' | 'sso'>) =>
  tenant.selfRegistration && !tenant.sso;

/** Whether `address` is at one of the campus's registration domains (any, when it lists none). */
export function allowedAddress(tenant: Pick<Tenant, 'registrationEmailDomains'>, address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const domains = tenant.registrationEmailDomains;
  return domains.length === 0 || domains.includes(domain);
}
