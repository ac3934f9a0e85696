import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase } from '@lms/testing';
import { Tenant } from '../src/tenants/tenant.entity';
import { IdentityHarness } from './support/harness';

const SCRIPT = join(__dirname, '../../../scripts/service-cli.mjs');

/** Runs `npm run campus -- …` as an operator would (the script itself, on the given database). */
function campus(databaseUrl: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, 'identity', 'campus', ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run campus (the onboarding command, run against the database of a running identity)', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  const run = (...args: string[]) => campus(h.config.databaseUrl, ...args);
  const served = async (host: string) =>
    (await h.api.get(`/api/public/version?domain=${host}`)).body.data as { id: string } | undefined;

  it('adds a campus the service then serves at each host name, and publishes it', async () => {
    const added = await run(
      'add',
      ...['--domain', 'lms.cli.ac.id', '--domain', 'www.cli.ac.id', '--name', 'Universitas CLI'],
      ...['--time-zone', 'Asia/Jakarta', '--whatsapp', 'Helpdesk=+628111222333', '--language', 'id'],
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    const id =
      /^added campus (\d+)\tUniversitas CLI\tAsia\/Jakarta\tlms\.cli\.ac\.id www\.cli\.ac\.id\n$/.exec(
        added.stdout,
      )?.[1];
    expect(id).toBeDefined();
    expect((await served('www.cli.ac.id'))?.id).toBe(id);
    const site = await h.api.get('/api/public/lptk?filter[domain][is]=lms.cli.ac.id');
    expect(site.body.data).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({
          whatsapp: [{ label: 'Helpdesk', number: '+628111222333' }],
          default_language: 'id',
        }),
      }),
    ]);
    const events = (await h.events('identity.tenant.upserted')).filter(
      (event) => String(event.data.id) === id,
    );
    expect(events.map((event) => event.data.domains)).toEqual([['lms.cli.ac.id', 'www.cli.ac.id']]);

    const listed = JSON.parse((await run('list', '--json')).stdout) as Array<{
      id: number;
      domains: string[];
    }>;
    expect(listed.find((campus) => String(campus.id) === id)?.domains).toEqual([
      'lms.cli.ac.id',
      'www.cli.ac.id',
    ]);
  });

  it('updates a campus named by a host name, and changes its host names', async () => {
    const existing = await h.campus({ domain: 'before.cli.ac.id', timeZone: 'Asia/Jakarta' });
    const updated = await run(
      'update',
      'before.cli.ac.id',
      '--name',
      'Renamed',
      '--time-zone',
      'Asia/Jayapura',
    );
    expect(updated.code).toBe(0);
    expect(updated.stdout).toBe(`updated campus ${existing.id}\tRenamed\tAsia/Jayapura\tbefore.cli.ac.id\n`);

    const changed = await run(
      'domains',
      String(existing.id),
      '--add',
      'after.cli.ac.id',
      '--primary',
      'after.cli.ac.id',
    );
    expect(changed).toMatchObject({ code: 0, stdout: 'after.cli.ac.id\t(primary)\nbefore.cli.ac.id\n' });
    const removed = await run('domains', 'after.cli.ac.id', '--remove', 'before.cli.ac.id');
    expect(removed.stdout).toBe('after.cli.ac.id\t(primary)\n');
    expect(await served('before.cli.ac.id')).toBeUndefined();
    expect((await served('after.cli.ac.id'))?.id).toBe(String(existing.id));
    expect((await run('domains', 'after.cli.ac.id', '--json')).stdout).toBe('["after.cli.ac.id"]\n');
  });

  it('opens and closes self-registration of a campus, with its e-mail domains', async () => {
    const existing = await h.campus({ domain: 'daftar.cli.ac.id' });
    const opened = await run(
      'update',
      'daftar.cli.ac.id',
      ...['--self-registration', 'on', '--registration-domain', 'students.cli.ac.id'],
    );
    expect(opened.code).toBe(0);
    const stored = () => h.ds.getRepository(Tenant).findOneByOrFail({ id: existing.id });
    expect(await stored()).toMatchObject({
      selfRegistration: true,
      registrationEmailDomains: ['students.cli.ac.id'],
    });
    const listed = JSON.parse((await run('list', '--json')).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((campus) => campus.id === existing.id)).toMatchObject({
      self_registration: true,
      registration_email_domains: ['students.cli.ac.id'],
    });
    expect(await run('update', 'daftar.cli.ac.id', '--self-registration', 'maybe')).toMatchObject({
      code: 2,
    });
    const closed = await run(
      'update',
      'daftar.cli.ac.id',
      '--self-registration',
      'off',
      '--registration-domain',
      '',
    );
    expect(closed.code).toBe(0);
    expect(await stored()).toMatchObject({ selfRegistration: false, registrationEmailDomains: [] });
  });

  it('refuses bad values with exit code 1, naming the option, and changes nothing', async () => {
    const taken = await h.campus({ domain: 'taken.cli.ac.id' });
    const refused = await run(
      'add',
      ...[
        '--domain',
        'taken.cli.ac.id',
        '--domain',
        'bad host',
        '--name',
        'Clash',
        '--time-zone',
        'Nowhere/City',
      ],
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('--domain: domains[1] has an invalid format');
    expect(refused.stderr).toContain('--time-zone: time_zone must be an IANA time zone such as Asia/Jakarta');
    const clash = await run('add', '--domain', 'taken.cli.ac.id', '--name', 'Clash', '--time-zone', 'UTC');
    expect(clash).toMatchObject({
      code: 1,
      stderr: 'campus: --domain: domains[0] taken.cli.ac.id is a host name of another campus\n',
    });
    expect(await run('update', 'nowhere.cli.ac.id', '--name', 'X')).toMatchObject({
      code: 1,
      stderr: 'campus: no campus is served at nowhere.cli.ac.id\n',
    });
    expect((await run('domains', String(taken.id), '--remove', 'taken.cli.ac.id')).stderr).toBe(
      'campus: --remove: a campus keeps at least one host name\n',
    );
    expect((await served('taken.cli.ac.id'))?.id).toBe(String(taken.id));
    expect(await h.ds.getRepository(Tenant).countBy({ name: 'Clash' })).toBe(0);
  });

  it('answers a wrong command line with the usage and exit code 2', async () => {
    for (const args of [['frob'], ['list', '--name', 'x']]) {
      const result = await run(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage: npm run campus -- <command> [options]');
    }
  });

  it('brings a database that identity never ran on up to date, and says why it cannot reach one', async () => {
    const fresh = await createTestDatabase('campus_cli');
    try {
      expect(await campus(fresh.url, 'list')).toMatchObject({
        code: 0,
        stdout: 'no campus yet: add one with `npm run campus -- add`\n',
      });
    } finally {
      await fresh.drop();
    }
    const unreachable = await campus('postgres://lms:lms@127.0.0.1:1/lms_identity', 'list');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /^campus: cannot open identity's database: cannot reach 127\.0\.0\.1:1/,
    );
  });
});
