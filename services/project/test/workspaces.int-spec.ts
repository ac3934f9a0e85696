import { errorPointers } from '@lms/testing';
import { JOIN_GUESS_CAP, TOKEN_ALPHABET, TOKEN_LENGTH } from '../src/workspaces/workspaces.service';
import { body, LATER, list, one, ProjectHarness } from './support/harness';

/**
 * Workspaces (issue 20, spec 03 §6–§9): lecturers make them, everyone lists them, owner and
 * members read one, the owner changes and deletes it and makes its join token; others join with
 * it, wrong guesses capped per user.
 */
describe('workspaces', () => {
  const h = new ProjectHarness();
  let t: Awaited<ReturnType<ProjectHarness['team']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    t = await h.team();
  });
  afterAll(() => h.stop());

  const count = async () => Number((await h.ds.query(`SELECT count(*) AS n FROM workspaces`))[0].n);

  it('lets only lecturers make a workspace; a bad one is a 422 that makes nothing', async () => {
    const before = await count();
    const student = await t.as.member.post('/api/project/workspaces', body({ name: 'Mine' }));
    expect(student.status).toBe(403);
    const blank = await t.as.lecturer.post('/api/project/workspaces', body({ name: '', extra: 1 }));
    expect(blank.status).toBe(422);
    expect(errorPointers(blank.body)).toEqual(
      expect.arrayContaining(['/data/attributes/name', '/data/attributes/extra']),
    );
    expect(await count()).toBe(before);
    const made = await t.as.lecturer.post('/api/project/workspaces', body({ name: 'Thesis lab' }));
    expect(made.status).toBe(201);
    expect(one(made.body).attributes).toMatchObject({ name: 'Thesis lab', is_owner: true, members: [] });
  });

  it('lists the campus’s workspaces to everyone, 6 a page, newest first, no tokens but the owner’s', async () => {
    for (let n = 0; n < 6; n++)
      await t.as.lecturer.post('/api/project/workspaces', body({ name: `Extra ${n}` }));
    const page = await t.as.outsider.get('/api/project/workspaces');
    expect(page.status).toBe(200);
    expect(list(page.body)).toHaveLength(6);
    expect(page.body.meta).toMatchObject({ limit: 6, offset: 0 });
    expect(list(page.body)[0].attributes.name).toBe('Extra 5');
    const all = await t.as.member.get('/api/project/workspaces?page[limit]=50');
    const capstone = list(all.body).find((w) => Number(w.id) === t.workspaceId)!;
    expect(capstone.attributes).toMatchObject({
      is_member: true,
      is_owner: false,
      token: null,
      member_count: 2,
    });
    expect((await t.as.elsewhere.get('/api/project/workspaces?page[limit]=50')).body.data).toEqual([]);
  });

  it('shows a workspace to its owner and members only; anyone else, another campus too, gets a 404', async () => {
    const url = `/api/project/workspaces/${t.workspaceId}`;
    const owner = await t.as.owner.get(url);
    expect(one(owner.body).attributes.token).toBe(t.token);
    expect(t.token).toHaveLength(TOKEN_LENGTH);
    expect([...t.token].every((c) => TOKEN_ALPHABET.includes(c))).toBe(true);
    const member = await t.as.member.get(url);
    expect(member.status).toBe(200);
    expect(one(member.body).attributes).toMatchObject({ token: null, token_expired_at: null });
    expect((one(member.body).attributes.members as Array<{ name: string }>).map((m) => m.name)).toEqual([
      'Ani',
      'Budi',
    ]);
    expect((await t.as.outsider.get(url)).status).toBe(404);
    expect((await t.as.elsewhere.get(url)).status).toBe(404);
  });

  it('lets only the owner change, delete or make the token: members get 403, others 404, nothing changes', async () => {
    const url = `/api/project/workspaces/${t.workspaceId}`;
    expect((await t.as.member.patch(url, body({ name: 'Hijack' }))).status).toBe(403);
    expect((await t.as.outsider.patch(url, body({ name: 'Hijack' }))).status).toBe(404);
    expect((await t.as.elsewhere.send('DELETE', url)).status).toBe(404);
    expect((await t.as.member.send('DELETE', url)).status).toBe(403);
    expect((await t.as.member.patch(`${url}/token`, body({ token_expired_at: LATER }))).status).toBe(403);
    const past = await t.as.owner.patch(`${url}/token`, body({ token_expired_at: '2020-01-01 00:00:00' }));
    expect(past.status).toBe(422);
    expect(errorPointers(past.body)).toEqual(['/data/attributes/token_expired_at']);
    expect((await t.as.owner.patch(url, body({ name: 42 }))).status).toBe(422);
    const after = one((await t.as.owner.get(url)).body).attributes;
    expect(after).toMatchObject({ name: 'Capstone 2026', token: t.token });
    const renamed = await t.as.owner.patch(url, body({ description: 'Final-year teams' }));
    expect(one(renamed.body).attributes).toMatchObject({
      name: 'Capstone 2026',
      description: 'Final-year teams',
    });
  });

  it('joins with the token (any case); a wrong or expired token is a 422 at token; members stay members', async () => {
    const me = await h.as(await h.given.user(1, 'student', { name: 'Dewi' }));
    const join = (token: string) =>
      me.post('/api/project/workspaces/join', body({ type: 'student', workspace_id: t.workspaceId, token }));
    const wrong = await join('WRONG123');
    expect(wrong.status).toBe(422);
    expect(errorPointers(wrong.body)).toEqual(['/data/attributes/token']);
    expect((await join('')).status).toBe(422);
    const badType = await me.post(
      '/api/project/workspaces/join',
      body({ type: 'lecturer', workspace_id: t.workspaceId, token: t.token }),
    );
    expect(errorPointers(badType.body)).toEqual(['/data/attributes/type']);

    await h.ds.query(`UPDATE workspaces SET token_expired_at = now() - interval '1 minute' WHERE id = $1`, [
      t.workspaceId,
    ]);
    const expired = await join(t.token);
    expect(expired.status).toBe(422);
    expect(expired.body.errors![0]).toMatchObject({ source: { pointer: '/data/attributes/token' } });
    expect(expired.body.errors![0].detail).toMatch(/expired/);
    expect((await me.get(`/api/project/workspaces/${t.workspaceId}`)).status).toBe(404);

    await t.as.owner.patch(
      `/api/project/workspaces/${t.workspaceId}/token`,
      body({ token_expired_at: LATER }),
    );
    const token = one((await t.as.owner.get(`/api/project/workspaces/${t.workspaceId}`)).body).attributes
      .token as string;
    expect(token).not.toBe(t.token);
    expect((await join(t.token)).status).toBe(422); // the old token stopped working
    const joined = await join(token.toLowerCase());
    expect(joined.status).toBe(200);
    expect(one(joined.body).attributes).toMatchObject({ is_member: true });
    expect((await join('ANYTHING')).status).toBe(200); // already in: nothing to guess
    const other = await h.as(t.users.elsewhere);
    const far = await other.post(
      '/api/project/workspaces/join',
      body({ type: 'student', workspace_id: t.workspaceId, token }),
    );
    expect(far.status).toBe(404);
  });

  it(`caps wrong tokens per user: past ${JOIN_GUESS_CAP}, even the right token is a 429 until the window ends`, async () => {
    const guesser = await h.as(await h.given.user(1, 'student', { name: 'Eko' }));
    const second = one((await t.as.lecturer.post('/api/project/workspaces', body({ name: 'Second' }))).body);
    const secondToken = one(
      (
        await t.as.lecturer.patch(
          `/api/project/workspaces/${second.id}/token`,
          body({ token_expired_at: LATER }),
        )
      ).body,
    ).attributes.token as string;
    for (let n = 0; n < JOIN_GUESS_CAP; n++) {
      const workspace_id = n % 2 === 0 ? t.workspaceId : Number(second.id);
      const guess = await guesser.post(
        '/api/project/workspaces/join',
        body({ type: 'student', workspace_id, token: `GUESS${n}` }),
      );
      expect(guess.status).toBe(422);
    }
    const capped = await guesser.post(
      '/api/project/workspaces/join',
      body({ type: 'student', workspace_id: Number(second.id), token: secondToken }),
    );
    expect(capped.status).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guesser.get(`/api/project/workspaces/${second.id}`)).status).toBe(404);
    // the window over, the right token works again
    await h.ds.query(`UPDATE workspace_join_guesses SET window_start = now() - interval '2 hours'`);
    const joined = await guesser.post(
      '/api/project/workspaces/join',
      body({ type: 'student', workspace_id: Number(second.id), token: secondToken }),
    );
    expect(joined.status).toBe(200);
  });

  it('deletes a workspace with its projects (the owner)', async () => {
    const made = one(
      (await t.as.lecturer.post('/api/project/workspaces', body({ name: 'Short-lived' }))).body,
    );
    await t.as.lecturer.post('/api/project/projects', body({ workspace_id: Number(made.id), name: 'Gone' }));
    expect((await t.as.lecturer.send('DELETE', `/api/project/workspaces/${made.id}`)).status).toBe(204);
    expect(await h.ds.query(`SELECT id FROM projects WHERE workspace_id = $1`, [made.id])).toEqual([]);
    expect((await t.as.lecturer.get(`/api/project/workspaces/${made.id}`)).status).toBe(404);
  });
});
