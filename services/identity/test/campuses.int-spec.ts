import type { JsonResource } from '@lms/testing';
import type { SsoSettings } from '../src/sso/sso.settings';
import { TenantDomain } from '../src/tenants/tenant-domain.entity';
import { Tenant } from '../src/tenants/tenant.entity';
import { IdentityHarness } from './support/harness';

const newCampus = (attributes: Record<string, unknown>) => ({ data: { type: 'campuses', attributes } });
const resource = (doc: { data?: unknown }) => doc.data as JsonResource;

describe('/api/admin/campuses (campus onboarding)', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const platformAdmin = async () => h.as(await h.user((await h.campus()).id, 'admin'));
  const served = async (host: string) =>
    (await h.api.get(`/api/public/version?domain=${encodeURIComponent(host)}`)).body as {
      data?: { id: string };
    };

  it('lets a platform admin add a campus with several host names, served at each, and publishes it', async () => {
    const admin = await platformAdmin();
    const response = await admin.post(
      '/api/admin/campuses',
      newCampus({
        name: 'Universitas Nusantara',
        domains: ['LMS.Nusantara.ac.id', 'elearning.nusantara.ac.id'],
        time_zone: 'Asia/Makassar',
        description: 'Kampus contoh',
        favicon: 'https://nusantara.ac.id/favicon.ico',
        landing_page_url: 'https://nusantara.ac.id',
        whatsapp: [{ label: 'Helpdesk', number: '+6281234567890' }],
        tawk_src: 'https://embed.tawk.to/abc/default',
      }),
    );
    expect(response.status).toBe(201);
    const campus = resource(response.body);
    expect(campus).toMatchObject({
      type: 'campuses',
      attributes: {
        name: 'Universitas Nusantara',
        domain: 'lms.nusantara.ac.id',
        domains: ['lms.nusantara.ac.id', 'elearning.nusantara.ac.id'],
        time_zone: 'Asia/Makassar',
        whatsapp: [{ label: 'Helpdesk', number: '+6281234567890' }],
        tawk_src: 'https://embed.tawk.to/abc/default',
        default_language: null,
      },
    });
    for (const host of ['lms.nusantara.ac.id', 'elearning.nusantara.ac.id'])
      expect((await served(host)).data?.id).toBe(campus.id);
    const [event] = (await h.events('identity.tenant.upserted')).filter(
      (published) => String(published.data.id) === campus.id,
    );
    expect(event.data).toMatchObject({
      domain: 'lms.nusantara.ac.id',
      domains: ['lms.nusantara.ac.id', 'elearning.nusantara.ac.id'],
      name: 'Universitas Nusantara',
      timeZone: 'Asia/Makassar',
    });
  });

  it('changes a campus, replacing its host names: a dropped one is served no more', async () => {
    const admin = await platformAdmin();
    const created = resource(
      (
        await admin.post(
          '/api/admin/campuses',
          newCampus({ name: 'Old', domains: ['old.example.ac.id', 'keep.example.ac.id'], time_zone: 'UTC' }),
        )
      ).body,
    );
    const changed = await admin.patch(
      `/api/admin/campuses/${created.id}`,
      newCampus({
        name: 'New',
        domains: ['keep.example.ac.id', 'new.example.ac.id'],
        time_zone: 'Asia/Jayapura',
      }),
    );
    expect(changed.status).toBe(200);
    expect(resource(changed.body).attributes).toMatchObject({
      name: 'New',
      domain: 'keep.example.ac.id',
      domains: ['keep.example.ac.id', 'new.example.ac.id'],
      time_zone: 'Asia/Jayapura',
    });
    expect((await served('old.example.ac.id')).data).toBeUndefined();
    expect((await served('new.example.ac.id')).data?.id).toBe(created.id);
    expect(await h.ds.getRepository(TenantDomain).findBy({ tenantId: Number(created.id) })).toEqual([
      expect.objectContaining({ domain: 'new.example.ac.id' }),
    ]);
    const listed = await admin.get('/api/admin/campuses?filter[id][is]=' + created.id);
    expect((listed.body.data as JsonResource[]).map((campus) => campus.attributes.name)).toEqual(['New']);
  });

  it('lets visitors register where the operators allow it, never with single sign-on, and tells the sign-in page', async () => {
    const admin = await platformAdmin();
    const campus = await h.campus({ domain: 'daftar.example.ac.id' });
    const publicInfo = async () =>
      (
        (await h.api.get('/api/public/lptk?filter[domain][is]=daftar.example.ac.id')).body
          .data as JsonResource[]
      )[0].attributes;
    expect(resource((await admin.get(`/api/admin/campuses/${campus.id}`)).body).attributes).toMatchObject({
      self_registration: false,
      registration_email_domains: [],
    });
    expect(await publicInfo()).toMatchObject({ registration: null });

    const opened = await admin.patch(
      `/api/admin/campuses/${campus.id}`,
      newCampus({ self_registration: true, registration_email_domains: ['Students.Daftar.ac.id'] }),
    );
    expect(opened.status).toBe(200);
    expect(resource(opened.body).attributes).toMatchObject({
      self_registration: true,
      registration_email_domains: ['students.daftar.ac.id'],
    });
    expect(await publicInfo()).toMatchObject({ registration: { email_domains: ['students.daftar.ac.id'] } });

    const badDomain = await admin.patch(
      `/api/admin/campuses/${campus.id}`,
      newCampus({ registration_email_domains: ['not a domain'] }),
    );
    expect(badDomain.status).toBe(422);
    expect(badDomain.body.errors?.[0].source).toEqual({
      pointer: '/data/attributes/registration_email_domains/0',
    });

    const sso = await h.campus({ sso: { issuer: 'https://idp.example', buttonLabel: 'SSO' } as SsoSettings });
    const refused = await admin.patch(
      `/api/admin/campuses/${sso.id}`,
      newCampus({ self_registration: true }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/self_registration' });
    expect((await h.ds.getRepository(Tenant).findOneByOrFail({ id: sso.id })).selfRegistration).toBe(false);
  });

  it('refuses a host name of another campus, a repeated one, a malformed one and an unknown zone, naming each', async () => {
    const admin = await platformAdmin();
    const other = await h.campus({ domain: 'taken.example.ac.id' });
    const response = await admin.post(
      '/api/admin/campuses',
      newCampus({
        name: 'Clash',
        domains: ['taken.example.ac.id', 'twice.example.ac.id', 'twice.example.ac.id', 'https://x.ac.id/'],
        time_zone: 'Mars/Olympus',
        whatsapp: [{ label: 'Desk', number: 'call me' }],
      }),
    );
    expect(response.status).toBe(422);
    const pointers = (response.body.errors ?? []).map((error) => [error.source?.pointer, error.detail]);
    expect(pointers).toEqual(
      expect.arrayContaining([
        ['/data/attributes/domains/3', 'domains[3] has an invalid format'],
        ['/data/attributes/time_zone', 'time_zone must be an IANA time zone such as Asia/Jakarta'],
        ['/data/attributes/whatsapp/0/number', 'whatsapp[0].number has an invalid format'],
      ]),
    );
    const clash = await admin.post(
      '/api/admin/campuses',
      newCampus({
        name: 'Clash',
        domains: ['TAKEN.example.ac.id', 'twice.ac.id', 'twice.ac.id'],
        time_zone: 'UTC',
      }),
    );
    expect(clash.status).toBe(422);
    expect(clash.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/domains/0', 'domains[0] taken.example.ac.id is a host name of another campus'],
      ['/data/attributes/domains/2', 'domains[2] twice.ac.id is listed twice'],
    ]);
    expect(await h.ds.getRepository(Tenant).countBy({ name: 'Clash' })).toBe(0);
    const missing = await admin.post('/api/admin/campuses', newCampus({ domains: [] }));
    expect(missing.body.errors?.map((error) => error.source?.pointer)).toEqual(
      expect.arrayContaining([
        '/data/attributes/name',
        '/data/attributes/domains',
        '/data/attributes/time_zone',
      ]),
    );
    expect((await served('taken.example.ac.id')).data?.id).toBe(String(other.id));
  });

  it('keeps an lptk account to its own campus: it lists and changes it, adds none, and never sees another', async () => {
    const own = await h.campus({ domain: 'own.example.ac.id' });
    const other = await h.campus();
    const lptk = await h.as(await h.user(own.id, 'lptk'));
    const listed = await lptk.get('/api/admin/campuses');
    expect((listed.body.data as JsonResource[]).map((campus) => campus.id)).toEqual([String(own.id)]);
    expect((await lptk.get(`/api/admin/campuses/${other.id}`)).status).toBe(404);
    expect((await lptk.patch(`/api/admin/campuses/${other.id}`, newCampus({ name: 'Mine' }))).status).toBe(
      404,
    );
    const renamed = await lptk.patch(`/api/admin/campuses/${own.id}`, newCampus({ name: 'Renamed by lptk' }));
    expect(resource(renamed.body).attributes).toMatchObject({
      name: 'Renamed by lptk',
      domains: ['own.example.ac.id'],
    });
    const added = await lptk.post(
      '/api/admin/campuses',
      newCampus({ name: 'X', domains: ['x.ac.id'], time_zone: 'UTC' }),
    );
    expect(added.status).toBe(403);
    expect((await h.ds.getRepository(Tenant).findOneByOrFail({ id: other.id })).name).toBe(other.name);
  });

  it('is for operators only: students and lecturers 403, no token 401', async () => {
    const campus = await h.campus();
    for (const role of ['student', 'lecturer'] as const) {
      const client = await h.as(await h.user(campus.id, role));
      expect((await client.get('/api/admin/campuses')).status).toBe(403);
      expect((await client.patch(`/api/admin/campuses/${campus.id}`, newCampus({ name: 'X' }))).status).toBe(
        403,
      );
    }
    expect((await h.api.get('/api/admin/campuses')).status).toBe(401);
  });
});
