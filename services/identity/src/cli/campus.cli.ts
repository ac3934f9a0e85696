import type { EntityManager } from 'typeorm';
import { normalizeHost } from '@lms/auth';
import { validateWith } from '@lms/jsonapi';
import {
  CliRefusal,
  CliUsageError,
  type CliValues,
  type OperatorCliContext,
  runOperatorCli,
} from '@lms/platform';
import { IdentityConfig } from '../config';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';
import { type Campus, campusAt, createCampus, domainsOf, updateCampus } from '../tenants/campuses.data';
import { campusChangeRules, newCampusRules } from '../tenants/campuses.rules';
import { Tenant } from '../tenants/tenant.entity';

export const USAGE = `usage: npm run campus -- <command> [options]

  add      --domain HOST [--domain HOST…] --name NAME --time-zone ZONE [site options]
           [registration options]
           adds a campus; the first --domain is its primary host name
  list     [--json]                     every campus with its host names
  update   CAMPUS [--name NAME] [--time-zone ZONE] [site options] [registration options]
  domains  CAMPUS [--add HOST…] [--remove HOST…] [--primary HOST]
           shows (and changes) the host names of a campus

  CAMPUS is a campus's id or any of its host names.
  site options: --description TEXT  --favicon URL  --landing-page URL  --tawk-src URL
                --whatsapp "LABEL=NUMBER" (repeatable; replaces the list)  --language en|de|fr|pt|id
                (an empty value clears a text option)
  registration options: --self-registration on|off  (visitors create their own student
                account, verified by mail; off by default, never with single sign-on)
                --registration-domain DOMAIN (repeatable; replaces the list; the e-mail domains
                a registration may use; --registration-domain "" allows any)

  The database is identity's: DATABASE_URL as the identity service reads it; unset, the
  database of \`npm start\` (PG_PORT, PG_PASSWORD as npm start reads them).
  Exit codes: 0 done, 1 refused (bad value, unknown campus, unreachable database), 2 bad usage.`;

/** The flags of each option, as the attribute each one sets (for the messages of a refusal). */
const FLAGS: Record<string, string> = {
  name: '--name',
  domains: '--domain',
  time_zone: '--time-zone',
  description: '--description',
  favicon: '--favicon',
  landing_page_url: '--landing-page',
  whatsapp: '--whatsapp',
  tawk_src: '--tawk-src',
  default_language: '--language',
  self_registration: '--self-registration',
  registration_email_domains: '--registration-domain',
};

const OPTIONS = {
  domain: { type: 'string', multiple: true },
  name: { type: 'string' },
  'time-zone': { type: 'string' },
  description: { type: 'string' },
  favicon: { type: 'string' },
  'landing-page': { type: 'string' },
  'tawk-src': { type: 'string' },
  whatsapp: { type: 'string', multiple: true },
  language: { type: 'string' },
  'self-registration': { type: 'string' },
  'registration-domain': { type: 'string', multiple: true },
  add: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
  primary: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = CliValues<typeof OPTIONS>;

const SITE = [
  'name',
  'time-zone',
  'description',
  'favicon',
  'landing-page',
  'tawk-src',
  'whatsapp',
  'language',
  'self-registration',
  'registration-domain',
];
/** The options and arguments of each command. */
const COMMANDS = {
  add: { options: ['domain', ...SITE] },
  list: { options: ['json'] },
  update: { options: SITE, arguments: ['CAMPUS'] },
  domains: { options: ['add', 'remove', 'primary', 'json'], arguments: ['CAMPUS'] },
};

/** The attributes the site and registration options set; an empty value clears a text option. */
function siteAttributes(values: Values): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  const text = (value: string | undefined) => (value === '' ? null : value);
  if (values.name !== undefined) attributes.name = values.name;
  if (values['time-zone'] !== undefined) attributes.time_zone = values['time-zone'];
  if (values.description !== undefined) attributes.description = text(values.description);
  if (values.favicon !== undefined) attributes.favicon = text(values.favicon);
  if (values['landing-page'] !== undefined) attributes.landing_page_url = text(values['landing-page']);
  if (values['tawk-src'] !== undefined) attributes.tawk_src = text(values['tawk-src']);
  if (values.language !== undefined) attributes.default_language = text(values.language);
  if (values.whatsapp !== undefined)
    attributes.whatsapp = values.whatsapp
      .filter((contact) => contact !== '')
      .map((contact) => {
        const at = contact.lastIndexOf('=');
        if (at <= 0) throw new CliUsageError(`--whatsapp ${contact}: write it as LABEL=NUMBER`);
        return { label: contact.slice(0, at).trim(), number: contact.slice(at + 1).trim() };
      });
  const registration = values['self-registration'];
  if (registration !== undefined) {
    if (registration !== 'on' && registration !== 'off')
      throw new CliUsageError(`--self-registration ${registration}: write on or off`);
    attributes.self_registration = registration === 'on';
  }
  if (values['registration-domain'] !== undefined)
    attributes.registration_email_domains = values['registration-domain'].filter((domain) => domain !== '');
  return attributes;
}

async function findCampus(manager: EntityManager, campus: string): Promise<Tenant> {
  const tenant = /^\d+$/.test(campus)
    ? await manager.findOneBy(Tenant, { id: Number(campus) })
    : await campusAt(manager, normalizeHost(campus));
  if (!tenant)
    throw new CliRefusal(`no campus ${/^\d+$/.test(campus) ? 'has the id' : 'is served at'} ${campus}`);
  return tenant;
}

const describe = ({ tenant, domains }: Campus) =>
  `${tenant.id}\t${tenant.name}\t${tenant.timeZone}\t${domains.join(' ')}`;

const asJson = ({ tenant, domains }: Campus) => ({
  id: tenant.id,
  name: tenant.name,
  domains,
  time_zone: tenant.timeZone,
  description: tenant.description,
  favicon: tenant.favicon,
  landing_page_url: tenant.landingPageUrl,
  whatsapp: tenant.whatsapp,
  tawk_src: tenant.tawkSrc,
  default_language: tenant.defaultLanguage,
  self_registration: tenant.selfRegistration,
  registration_email_domains: tenant.registrationEmailDomains,
});

/** The new host-name list of `domains`: the current one, less removed, plus added, primary first. */
function changedDomains(current: string[], values: Values): string[] {
  const removed = new Set((values.remove ?? []).map(normalizeHost));
  for (const host of removed)
    if (!current.includes(host)) throw new CliRefusal(`--remove: ${host} is not a host name of this campus`);
  const next = [...current.filter((host) => !removed.has(host)), ...(values.add ?? []).map(normalizeHost)];
  const primary = values.primary === undefined ? undefined : normalizeHost(values.primary);
  if (primary !== undefined && !next.includes(primary))
    throw new CliRefusal(`--primary: ${primary} is not a host name of this campus (add it with --add)`);
  if (next.length === 0) throw new CliRefusal('--remove: a campus keeps at least one host name');
  return primary === undefined ? next : [primary, ...next.filter((host) => host !== primary)];
}

async function run({ command, args, values, dataSource, out }: OperatorCliContext<typeof OPTIONS>) {
  const write = (work: (manager: EntityManager) => Promise<Campus>) => dataSource.transaction(work);
  if (command === 'list') {
    const tenants = await dataSource.manager.find(Tenant, { order: { id: 'ASC' } });
    const campuses = await Promise.all(
      tenants.map(async (tenant) => ({ tenant, domains: await domainsOf(dataSource.manager, tenant) })),
    );
    if (values.json) out(JSON.stringify(campuses.map(asJson), null, 2));
    else if (campuses.length === 0) out('no campus yet: add one with `npm run campus -- add`');
    else for (const campus of campuses) out(describe(campus));
    return;
  }
  if (command === 'add') {
    const attributes = { ...siteAttributes(values), domains: values.domain ?? [] };
    const input = validateWith(newCampusRules, attributes);
    const campus = await write((manager) => createCampus(manager, input, null));
    out(`added campus ${describe(campus)}`);
    return;
  }
  const [campusName] = args;
  if (command === 'update') {
    const attributes = siteAttributes(values);
    if (Object.keys(attributes).length === 0)
      throw new CliUsageError('update needs at least one option to change');
    const changes = validateWith(campusChangeRules, attributes);
    const campus = await write(async (manager) =>
      updateCampus(manager, await findCampus(manager, campusName), changes, null),
    );
    out(`updated campus ${describe(campus)}`);
    return;
  }
  // domains
  const changing = values.add !== undefined || values.remove !== undefined || values.primary !== undefined;
  const campus = changing
    ? await write(async (manager) => {
        const tenant = await findCampus(manager, campusName);
        const domains = changedDomains(await domainsOf(manager, tenant), values);
        return updateCampus(manager, tenant, validateWith(campusChangeRules, { domains }), null);
      })
    : await (async () => {
        const tenant = await findCampus(dataSource.manager, campusName);
        return { tenant, domains: await domainsOf(dataSource.manager, tenant) };
      })();
  if (values.json) out(JSON.stringify(campus.domains));
  else out(campus.domains.map((host, index) => (index === 0 ? `${host}\t(primary)` : host)).join('\n'));
}

/**
 * `npm run campus -- …`: onboards and changes campuses in identity's database, as the admin API
 * does (the same rules, the same `identity.tenant.upserted` through the outbox, which the running
 * service publishes). Answers the exit code.
 */
export function campusCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  return runOperatorCli(
    {
      name: 'campus',
      service: 'identity',
      database: "identity's database",
      usage: USAGE,
      options: OPTIONS,
      commands: COMMANDS,
      flags: FLAGS,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      databaseUrl: IdentityConfig.databaseUrlFromEnv,
      run,
    },
    argv,
    env,
    out,
    err,
  );
}
