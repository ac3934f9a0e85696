import { attributes, field } from '@lms/jsonapi';
import { LANGUAGES } from '../users/preferences';

/** A host name as a browser sends it: DNS labels, no scheme, port or path (`lms.campus.ac.id`). */
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const PHONE = /^\+?[0-9]{6,20}$/;

/** True for a zone name of the IANA database this runtime knows (`Asia/Jakarta`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const host = field.string({ max: 253, pattern: HOST });
const timeZone = field
  .string({ max: 64 })
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Jakarta' });
const webAddress = field.string({ max: 500, pattern: WEB_ADDRESS });
const whatsapp = field.array(
  field.object({ label: field.string({ min: 1, max: 100 }), number: field.string({ pattern: PHONE }) }),
  { max: 20 },
);

/** The site information of a campus, every field of it optional (a change). */
const siteInfo = {
  description: field.string({ max: 5000 }).nullable().optional(),
  favicon: webAddress.nullable().optional(),
  landing_page_url: webAddress.nullable().optional(),
  whatsapp: whatsapp.optional(),
  tawk_src: webAddress.nullable().optional(),
  default_language: field.enum(LANGUAGES).nullable().optional(),
};

/**
 * Who may create their own account at the campus: nobody unless `self_registration` (never on a
 * campus that signs in through its identity provider); only with an address at one of
 * `registration_email_domains` when it lists any.
 */
const registration = {
  self_registration: field.boolean().optional(),
  registration_email_domains: field.array(host, { max: 50 }).optional(),
};

/**
 * A new campus (`POST /api/admin/campuses`, `npm run campus -- add`): its host names, the first
 * one its primary (the one its links and events name), its name and time zone, its site info.
 */
export const newCampusRules = attributes({
  name: field.string({ min: 1, max: 200 }),
  domains: field.array(host, { min: 1, max: 20 }),
  time_zone: timeZone,
  ...siteInfo,
  ...registration,
});

/** A change of a campus (`PATCH /api/admin/campuses/:id`): `domains` replaces every host name. */
export const campusChangeRules = attributes({
  name: field.string({ min: 1, max: 200 }).optional(),
  domains: field.array(host, { min: 1, max: 20 }).optional(),
  time_zone: timeZone.optional(),
  ...siteInfo,
  ...registration,
});
