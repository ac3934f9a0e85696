import { list, HOSTS, MessagingHarness, one } from './support/harness';

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/**
 * News (issue 18, spec 03 §7): the campus's administrators write, publish and withdraw them;
 * anyone reads the published news of the campus at the host, 3 a page, newest first.
 */
describe('news', () => {
  const h = new MessagingHarness();
  beforeAll(async () => {
    await h.start();
    await h.campuses();
  });
  afterAll(() => h.stop());

  it('shows only published news of the host’s campus, newest first, 3 a page, with contents and tags', async () => {
    const admin = await (await h.as(await h.given.user(1, 'admin'))).at(HOSTS[1]);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const created = await admin.post(
        '/api/course/news',
        body({ title: `News ${n}`, contents: `Story ${n}`, tags: ['campus', `t${n}`], is_published: true }),
      );
      expect(created.status).toBe(201);
      ids.push(String(one(created.body).id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const draft = await admin.post('/api/course/news', body({ title: 'Draft', contents: 'Soon' }));
    expect(one(draft.body).attributes).toMatchObject({ is_published: false, published_at: null });
    const otherAdmin = await h.as(await h.given.user(2, 'admin'));
    await otherAdmin.post(
      '/api/course/news',
      body({ title: 'Elsewhere', contents: 'x', is_published: true }),
    );

    const page = await h.api
      .at(HOSTS[1])
      .get('/api/public/news?filter[is_published]=true&sort=-published_at');
    expect(page.status).toBe(200);
    expect(list(page.body).map((n) => n.attributes.title)).toEqual(['News 4', 'News 3', 'News 2']);
    expect(page.body.meta).toEqual({ total: 4, limit: 3, offset: 0 });
    const item = await h.api.at(HOSTS[1]).get(`/api/public/news/${ids[0]}?include=contents,tags`);
    expect(one(item.body).attributes).toMatchObject({
      title: 'News 1',
      contents: '<p>Story 1</p>',
      tags: ['campus', 't1'],
    });
    expect((await h.api.at(HOSTS[1]).get(`/api/public/news/${one(draft.body).id}`)).status).toBe(404);
    expect((await h.api.at(HOSTS[2]).get(`/api/public/news/${ids[0]}`)).status).toBe(404);
    expect((await h.api.at('nowhere.test').get('/api/public/news')).status).toBe(404);
    expect((await h.api.at(HOSTS[1]).get(`/api/public/news/${ids[0]}?include=authors`)).status).toBe(400);

    // withdrawn, it leaves the public list; published again, it keeps its first date
    const first = one(item.body).attributes.published_at;
    await admin.patch(`/api/course/news/${ids[0]}`, body({ is_published: false }));
    expect((await h.api.at(HOSTS[1]).get(`/api/public/news/${ids[0]}`)).status).toBe(404);
    const again = await admin.patch(`/api/course/news/${ids[0]}`, body({ is_published: true }));
    expect(one(again.body).attributes.published_at).toBe(first);
  });

  it('lets only the staff of the campus write, and keeps campuses apart', async () => {
    const admin = await h.as(await h.given.user(1, 'admin'));
    const created = await admin.post('/api/course/news', body({ title: 'Mine', contents: 'x' }));
    const id = one(created.body).id;
    const lecturer = await h.as(await h.given.user(1, 'lecturer'));
    const edited = await lecturer.patch(
      `/api/course/news/${id}`,
      body({ title: 'Ours', is_published: true }),
    );
    expect(edited.status).toBe(200);
    expect(one(edited.body).attributes).toMatchObject({ title: 'Ours', is_published: true });
    expect((await lecturer.post('/api/course/news', body({ title: 'Too', contents: 'y' }))).status).toBe(201);
    for (const role of ['student', 'lptk'] as const) {
      const client = await h.as(await h.given.user(1, role));
      expect((await client.post('/api/course/news', body({ title: 'No', contents: 'x' }))).status).toBe(403);
      expect((await client.patch(`/api/course/news/${id}`, body({ title: 'No' }))).status).toBe(403);
    }
    const elsewhere = await h.as(await h.given.user(2, 'admin'));
    expect((await elsewhere.get(`/api/course/news/${id}`)).status).toBe(404);
    expect((await elsewhere.send('DELETE', `/api/course/news/${id}`)).status).toBe(404);
    const bad = await admin.post(
      '/api/course/news',
      body({ title: '', contents: '<script></script>', tags: 'x' }),
    );
    expect(bad.status).toBe(422);
    expect((await admin.send('DELETE', `/api/course/news/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/course/news/${id}`)).status).toBe(404);
  });
});
