import { Tenant } from '../src/tenants/tenant.entity';
import type { JsonResource } from '@lms/testing';
import { IdentityHarness } from './support/harness';

const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
const attributesOf = (doc: { data?: unknown }) => (doc.data as JsonResource).attributes;

describe('GET /api/course/lptks/:id (the caller’s campus)', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('answers the campus of a signed-in user of any role', async () => {
    const campus = await h.campus({
      name: 'Universitas Contoh',
      domain: 'contoh.ac.id',
      timeZone: 'Asia/Makassar',
    });
    for (const role of ['student', 'lecturer', 'admin'] as const) {
      const user = await h.user(campus.id, role);
      const response = await (await h.as(user)).get(`/api/course/lptks/${campus.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        type: 'lptks',
        id: String(campus.id),
        attributes: { name: 'Universitas Contoh', domain: 'contoh.ac.id', time_zone: 'Asia/Makassar' },
      });
    }
  });

  it('is a 404 for another campus and an unknown id, a 400 for an id that is no number', async () => {
    const own = await h.campus();
    const other = await h.campus();
    const client = await h.as(await h.user(own.id, 'lecturer'));
    for (const id of [other.id, 999_999]) {
      const response = await client.get(`/api/course/lptks/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.errors?.[0]).toMatchObject({ status: '404', detail: 'Campus not found' });
    }
    expect((await client.get('/api/course/lptks/abc')).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const campus = await h.campus();
    expect((await h.api.get(`/api/course/lptks/${campus.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/course/lptks/:id (a campus's default language)", () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const patch = (attributes: Record<string, unknown>) => ({ data: { type: 'lptks', attributes } });
  const siteInfo = async (domain: string) =>
    list((await h.api.get(`/api/public/lptk?filter[domain][like]=${domain}`)).body)[0].attributes;

  it('lets an administrator of the campus set it, and serves it to visitors with the site info', async () => {
    const campus = await h.campus({ domain: 'bahasa.ac.id' });
    expect(await siteInfo('bahasa.ac.id')).toMatchObject({ default_language: null });
    for (const role of ['admin', 'lptk'] as const) {
      const client = await h.as(await h.user(campus.id, role));
      const language = role === 'admin' ? 'id' : 'pt';
      const response = await client.patch(
        `/api/course/lptks/${campus.id}`,
        patch({ default_language: language }),
      );
      expect(response.status).toBe(200);
      expect(attributesOf(response.body)).toMatchObject({ default_language: language });
      expect(await siteInfo('bahasa.ac.id')).toMatchObject({ default_language: language });
    }
    const admin = await h.as(await h.user(campus.id, 'admin'));
    const cleared = await admin.patch(`/api/course/lptks/${campus.id}`, patch({ default_language: null }));
    expect(attributesOf(cleared.body)).toMatchObject({ default_language: null });
    expect(await siteInfo('bahasa.ac.id')).toMatchObject({ default_language: null });
  });

  it('publishes the changed campus, by the administrator who changed it', async () => {
    const campus = await h.campus();
    const admin = await h.user(campus.id, 'admin');
    await (await h.as(admin)).patch(`/api/course/lptks/${campus.id}`, patch({ default_language: 'id' }));
    const published = (await h.events('identity.tenant.upserted')).filter(
      (event) => event.data.id === campus.id,
    );
    expect(published.map((event) => event.actorId)).toEqual([null, admin.id]);
  });

  it('refuses a language the interface does not have, and any other attribute, with a 422', async () => {
    const campus = await h.campus({ defaultLanguage: 'de' });
    const admin = await h.as(await h.user(campus.id, 'admin'));
    const unknown = await admin.patch(`/api/course/lptks/${campus.id}`, patch({ default_language: 'xx' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors![0]).toMatchObject({
      source: { pointer: '/data/attributes/default_language' },
      detail: 'default_language only en, de, fr, pt, id not xx',
    });
    const other = await admin.patch(`/api/course/lptks/${campus.id}`, patch({ name: 'Renamed' }));
    expect(other.status).toBe(422);
    expect(other.body.errors![0].source).toEqual({ pointer: '/data/attributes/name' });
    expect(attributesOf((await admin.get(`/api/course/lptks/${campus.id}`)).body)).toMatchObject({
      name: campus.name,
      default_language: 'de',
    });
  });

  it('is for administrators of that campus only', async () => {
    const campus = await h.campus({ defaultLanguage: 'en' });
    for (const role of ['student', 'lecturer'] as const) {
      const client = await h.as(await h.user(campus.id, role));
      const response = await client.patch(
        `/api/course/lptks/${campus.id}`,
        patch({ default_language: 'id' }),
      );
      expect(response.status).toBe(403);
    }
    const elsewhere = await h.as(await h.user((await h.campus()).id, 'admin'));
    const foreign = await elsewhere.patch(
      `/api/course/lptks/${campus.id}`,
      patch({ default_language: 'id' }),
    );
    expect(foreign.status).toBe(404);
    expect(
      (await h.api.patch(`/api/course/lptks/${campus.id}`, patch({ default_language: 'id' }))).status,
    ).toBe(401);
    expect((await h.ds.getRepository(Tenant).findOneByOrFail({ id: campus.id })).defaultLanguage).toBe('en');
  });
});
