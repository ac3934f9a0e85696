import { IdentityHarness } from './support/harness';

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
