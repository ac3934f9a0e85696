import { User } from '../src/users/user.entity';
import type { JsonResource } from '@lms/testing';
import { IdentityHarness } from './support/harness';

const attributesOf = (doc: { data?: unknown }) => (doc.data as JsonResource).attributes;

/** The interface language and theme a user chose, kept on their account (`PATCH /course/users/:id`). */
describe("a user's language and theme on their account", () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const patch = (attributes: Record<string, unknown>) => ({ data: { type: 'users', attributes } });

  it('keeps the choice and gives it back on the next sign-in, from any browser', async () => {
    const campus = await h.campus();
    const student = await h.user(campus.id, 'student');
    const first = await h.as(student);
    expect(attributesOf((await first.get('/api/login/me')).body)).toMatchObject({
      language: null,
      theme: null,
    });

    const saved = await first.patch(
      `/api/course/users/${student.id}`,
      patch({ language: 'id', theme: 'dark' }),
    );
    expect(saved.status).toBe(200);
    expect(attributesOf(saved.body)).toMatchObject({ language: 'id', theme: 'dark' });
    expect(await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).toMatchObject({
      language: 'id',
      theme: 'dark',
    });

    // another browser: a new session, a new token
    const second = await h.as(student);
    expect(attributesOf((await second.get('/api/login/me')).body)).toMatchObject({
      language: 'id',
      theme: 'dark',
    });
  });

  it('changes one without the other, and forgets a choice set to null', async () => {
    const campus = await h.campus();
    const lecturer = await h.user(campus.id, 'lecturer', { language: 'de', theme: 'semi-dark' });
    const client = await h.as(lecturer);
    const themed = await client.patch(`/api/course/users/${lecturer.id}`, patch({ theme: 'light' }));
    expect(attributesOf(themed.body)).toMatchObject({ language: 'de', theme: 'light' });
    const forgot = await client.patch(`/api/course/users/${lecturer.id}`, patch({ language: null }));
    expect(forgot.status).toBe(200);
    expect(attributesOf(forgot.body)).toMatchObject({ language: null, theme: 'light' });
  });

  it('refuses a language or theme the interface does not have with a 422 per field, changing nothing', async () => {
    const campus = await h.campus();
    const student = await h.user(campus.id, 'student', { language: 'fr', theme: 'dark' });
    const client = await h.as(student);
    const response = await client.patch(
      `/api/course/users/${student.id}`,
      patch({ language: 'klingon', theme: 'neon' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors!).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          status: '422',
          source: { pointer: '/data/attributes/language' },
          detail: expect.stringContaining('only en, de, fr, pt, id'),
        }),
        expect.objectContaining({
          status: '422',
          source: { pointer: '/data/attributes/theme' },
          detail: expect.stringContaining('only light, dark, semi-dark'),
        }),
      ]),
    );
    for (const language of [42, 'EN', '']) {
      const wrong = await client.patch(`/api/course/users/${student.id}`, patch({ language }));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors![0].source).toEqual({ pointer: '/data/attributes/language' });
    }
    expect(await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).toMatchObject({
      language: 'fr',
      theme: 'dark',
    });
  });

  it('publishes the notification e-mail a user sets, for the mail digest of messaging', async () => {
    const campus = await h.campus();
    const student = await h.user(campus.id, 'student');
    const client = await h.as(student);
    const saved = await client.patch(
      `/api/course/users/${student.id}`,
      patch({ notification_email: 'me@mail.example' }),
    );
    expect(saved.status).toBe(200);
    const published = (await h.events('identity.user.upserted')).filter(
      (event) => event.data.id === student.id,
    );
    expect(published.at(-1)?.data).toMatchObject({ notificationEmail: 'me@mail.example' });
    await client.patch(`/api/course/users/${student.id}`, patch({ notification_email: null }));
    const cleared = (await h.events('identity.user.upserted')).filter(
      (event) => event.data.id === student.id,
    );
    expect(cleared.at(-1)?.data).toMatchObject({ notificationEmail: null });
  });

  it("is the user's own: nobody else reads or changes it", async () => {
    const campus = await h.campus();
    const student = await h.user(campus.id, 'student', { language: 'id', theme: 'dark' });
    const admin = await h.user(campus.id, 'admin');
    const client = await h.as(admin);
    const read = await client.get(`/api/course/users/${student.id}`);
    expect(read.status).toBe(200);
    expect(attributesOf(read.body)).not.toHaveProperty('language');
    expect(attributesOf(read.body)).not.toHaveProperty('theme');
    const changed = await client.patch(`/api/course/users/${student.id}`, patch({ language: 'en' }));
    expect(changed.status).toBe(403);
    expect(await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).toMatchObject({
      language: 'id',
    });
  });
});
