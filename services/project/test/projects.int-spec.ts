import { errorPointers, type JsonDocument } from '@lms/testing';
import { body, list, one, ProjectHarness } from './support/harness';

interface BoardAttr {
  version: number;
  columns: Array<{ id: number; name: string; cards: Array<{ id: number; title: string }> }>;
}
const boardOf = (doc: { data?: unknown }) => one(doc).attributes.board as BoardAttr;
const titles = (board: BoardAttr) => board.columns.map((column) => column.cards.map((card) => card.title));

/**
 * Projects, modules, contents, boards, comments and the timeline (issue 20, spec 03 §6–§9): the
 * workspace's owner runs projects and their members; every member of a project works in its
 * modules and contents; anyone else — another campus too — gets a 404.
 */
describe('projects', () => {
  const h = new ProjectHarness();
  let t: Awaited<ReturnType<ProjectHarness['team']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    t = await h.team();
  });
  afterAll(() => h.stop());

  it('lets only the workspace’s owner make, change and delete projects; 6 a page', async () => {
    const make = (client: typeof t.as.owner, name: unknown) =>
      client.post('/api/project/projects', body({ workspace_id: t.workspaceId, name }));
    expect((await make(t.as.member, 'Mine')).status).toBe(403);
    expect((await make(t.as.outsider, 'Mine')).status).toBe(404);
    expect((await make(t.as.elsewhere, 'Mine')).status).toBe(404);
    const bad = await make(t.as.owner, '');
    expect(errorPointers(bad.body)).toEqual(['/data/attributes/name']);
    for (let n = 1; n <= 6; n++) expect((await make(t.as.owner, `Team ${n}`)).status).toBe(201);
    const page = await t.as.owner.get(`/api/project/projects?filter[workspace_id]=${t.workspaceId}`);
    expect(list(page.body).map((p) => p.attributes.name)).toEqual([
      'Team 6',
      'Team 5',
      'Team 4',
      'Team 3',
      'Team 2',
      'Team 1',
    ]);
    expect(page.body.meta).toMatchObject({ total: 7, limit: 6 });
    // a member sees the projects they are in only
    const mine = await t.as.member.get(`/api/project/projects?filter[workspace_id]=${t.workspaceId}`);
    expect(list(mine.body).map((p) => p.attributes.name)).toEqual(['Library app']);
    expect((await t.as.teammate.get('/api/project/projects')).body.data).toEqual([]);

    const url = `/api/project/projects/${t.projectId}`;
    expect((await t.as.member.patch(url, body({ name: 'Renamed' }))).status).toBe(403);
    expect((await t.as.member.send('DELETE', url)).status).toBe(403);
    expect((await t.as.teammate.get(url)).status).toBe(404);
    expect((await t.as.elsewhere.get(url)).status).toBe(404);
    const renamed = await t.as.owner.patch(url, body({ description: 'Loans and returns' }));
    expect(one(renamed.body).attributes).toMatchObject({
      name: 'Library app',
      description: 'Loans and returns',
    });
    const team6 = list(page.body)[0].id;
    expect((await t.as.owner.send('DELETE', `/api/project/projects/${team6}`)).status).toBe(204);
    expect((await t.as.owner.get(`/api/project/projects/${team6}`)).status).toBe(404);
  });

  it('adds and removes members: the owner only, members of the workspace only', async () => {
    const change = (client: typeof t.as.owner, verb: 'add' | 'remove', user_id: number) =>
      client.post(`/api/project/projects/${verb}`, body({ project_id: t.projectId, user_id }));
    expect((await change(t.as.member, 'add', t.users.teammate.id)).status).toBe(403);
    const notInWorkspace = await change(t.as.owner, 'add', t.users.outsider.id);
    expect(notInWorkspace.status).toBe(422);
    expect(errorPointers(notInWorkspace.body)).toEqual(['/data/attributes/user_id']);
    const added = await change(t.as.owner, 'add', t.users.teammate.id);
    expect(added.status).toBe(200);
    expect((one(added.body).attributes.members as Array<{ name: string }>).map((m) => m.name)).toEqual([
      'Ani',
      'Budi',
    ]);
    expect((await t.as.teammate.get(`/api/project/projects/${t.projectId}`)).status).toBe(200);
    expect((await change(t.as.owner, 'remove', t.users.teammate.id)).status).toBe(200);
    expect((await t.as.teammate.get(`/api/project/projects/${t.projectId}`)).status).toBe(404);
    expect((await change(t.as.owner, 'remove', t.users.teammate.id)).status).toBe(422);
  });

  it('opens modules and contents to every member of the project, never to anyone else', async () => {
    const moduleMade = await t.as.member.post(
      '/api/project/modules',
      body({ project_id: t.projectId, name: 'Design' }),
    );
    expect(moduleMade.status).toBe(201);
    const moduleId = Number(one(moduleMade.body).id);
    await t.as.owner.post('/api/project/modules', body({ project_id: t.projectId, name: 'Build' }));
    for (const client of [t.as.teammate, t.as.outsider, t.as.elsewhere]) {
      expect(
        (await client.post('/api/project/modules', body({ project_id: t.projectId, name: 'X' }))).status,
      ).toBe(404);
      expect((await client.get(`/api/project/modules?filter[project_id]=${t.projectId}`)).status).toBe(404);
      expect((await client.get(`/api/project/modules/${moduleId}`)).status).toBe(404);
    }
    const modules = await t.as.member.get(`/api/project/modules?filter[project_id]=${t.projectId}`);
    expect(list(modules.body).map((m) => m.attributes.name)).toEqual(['Design', 'Build']);
    expect((await t.as.member.get('/api/project/modules')).status).toBe(400);

    const text = await t.as.member.post(
      '/api/project/contents',
      body({
        project_module_id: moduleId,
        name: 'Requirements',
        type: 'text',
        text: '<p>Users <b>borrow</b> books</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      }),
    );
    expect(text.status).toBe(201);
    const textId = Number(one(text.body).id);
    expect(one(text.body).attributes.text).toBe('<p>Users <strong>borrow</strong> books</p><img src="x">');
    for (const client of [t.as.teammate, t.as.outsider, t.as.elsewhere]) {
      expect((await client.get(`/api/project/contents/${textId}`)).status).toBe(404);
      expect((await client.patch(`/api/project/contents/${textId}`, body({ name: 'X' }))).status).toBe(404);
      expect(
        (await client.post(`/api/project/contents/${textId}/comment`, body({ comment: 'hi' }))).status,
      ).toBe(404);
    }
    const edited = await t.as.owner.patch(`/api/project/contents/${textId}`, body({ text: 'Plain words' }));
    expect(one(edited.body).attributes.text).toBe('<p>Plain words</p>');
    const badType = await t.as.member.post(
      '/api/project/contents',
      body({ project_module_id: moduleId, name: 'X', type: 'video' }),
    );
    expect(errorPointers(badType.body)).toEqual(['/data/attributes/type']);
    const textWithColumns = await t.as.member.post(
      '/api/project/contents',
      body({ project_module_id: moduleId, name: 'X', type: 'text', columns: ['A'] }),
    );
    expect(errorPointers(textWithColumns.body)).toEqual(['/data/attributes/columns']);
    const contents = await t.as.member.get(`/api/project/contents?filter[project_module_id]=${moduleId}`);
    expect(list(contents.body).map((c) => c.attributes.name)).toEqual(['Requirements']);

    // comments, oldest first, with their authors
    await t.as.member.post(`/api/project/contents/${textId}/comment`, body({ comment: 'Looks good' }));
    const commented = await t.as.owner.post(
      `/api/project/contents/${textId}/comment`,
      body({ comment: 'Add returns' }),
    );
    expect(commented.status).toBe(201);
    expect(one(commented.body).attributes.comments).toEqual([
      expect.objectContaining({ comment: 'Looks good', user_name: 'Ani', user_id: t.users.member.id }),
      expect.objectContaining({ comment: 'Add returns', user_name: 'Dr. Lina' }),
    ]);
    expect(
      (await t.as.member.post(`/api/project/contents/${textId}/comment`, body({ comment: '' }))).status,
    ).toBe(422);

    expect((await t.as.member.send('DELETE', `/api/project/contents/${textId}`)).status).toBe(204);
    expect((await t.as.member.get(`/api/project/contents/${textId}`)).status).toBe(404);
    expect((await t.as.member.send('DELETE', `/api/project/modules/${moduleId}`)).status).toBe(204);
  });

  it('keeps a file content’s file in the project store, for the project’s members only', async () => {
    const module = one(
      (await t.as.member.post('/api/project/modules', body({ project_id: t.projectId, name: 'Docs' }))).body,
    );
    const made = await t.as.member.post(
      '/api/project/contents',
      body({ project_module_id: Number(module.id), name: 'Report', type: 'file' }),
    );
    expect(one(made.body).attributes).toMatchObject({ content_type: 'file', file: null });
    const id = one(made.body).id;
    const upload = (client: typeof t.as.owner, text: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), name);
      return client.send<JsonDocument>('PUT', `/api/project/contents/${id}/file`, form);
    };
    expect((await upload(t.as.teammate, 'x', 'x.txt')).status).toBe(404);
    expect((await upload(t.as.elsewhere, 'x', 'x.txt')).status).toBe(404);
    const first = await upload(t.as.member, 'first draft\n', 'draft.txt');
    expect(first.status).toBe(200);
    const file = one(first.body).attributes.file as { key: string; name: string; mime: string };
    expect(file).toMatchObject({ name: 'draft.txt', mime: 'text/plain' });
    const download = await t.as.owner.get(`/api/project/contents/${id}/file`);
    expect(download.status).toBe(200);
    expect(download.body).toBe('first draft\n');
    expect((await t.as.teammate.get(`/api/project/contents/${id}/file`)).status).toBe(404);
    // a new upload replaces it; an empty request is a 422 that keeps it
    const second = await upload(t.as.owner, 'final\n', 'final.txt');
    expect((one(second.body).attributes.file as { name: string }).name).toBe('final.txt');
    const empty = await t.as.member.send('PUT', `/api/project/contents/${id}/file`, new FormData());
    expect(empty.status).toBe(422);
    expect((await t.as.member.get(`/api/project/contents/${id}/file`)).body).toBe('final\n');
    const text = one(
      (
        await t.as.member.post(
          '/api/project/contents',
          body({ project_module_id: Number(module.id), name: 'Notes', type: 'text', text: 'Hi' }),
        )
      ).body,
    );
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    const onText = await t.as.member.send('PUT', `/api/project/contents/${text.id}/file`, form);
    expect(onText.status).toBe(422);
    expect((await t.as.member.send('DELETE', `/api/project/contents/${id}`)).status).toBe(204);
    expect((await t.as.member.get(`/api/project/contents/${id}/file`)).status).toBe(404);
  });

  it('keeps a board’s order under two moves at the same moment: no card lost or shown twice', async () => {
    const { boardId, board } = await h.board(t.as.member, t.projectId);
    const [todo, doing, done] = (board.attributes.board as BoardAttr).columns.map((c) => c.id);
    const cards: number[] = [];
    for (const title of ['A', 'B', 'C', 'D']) {
      const made = await t.as.member.post(
        `/api/project/contents/${boardId}/cards`,
        body({ column_id: todo, title }),
      );
      cards.push(boardOf(made.body).columns[0].cards.at(-1)!.id);
    }
    const move = (client: typeof t.as.owner, card: number, column_id: number, position: number) =>
      client.post(`/api/project/contents/${boardId}/cards/${card}/move`, body({ column_id, position }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        move(t.as.member, cards[0], doing, 0),
        move(t.as.owner, cards[1], doing, 0),
        move(t.as.member, cards[2], done, 0),
        move(t.as.owner, cards[0], todo, 5),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const now = boardOf((await t.as.member.get(`/api/project/contents/${boardId}`)).body);
      const ids = now.columns.flatMap((column) => column.cards.map((card) => card.id));
      expect([...ids].sort()).toEqual([...cards].sort());
      const positions: Array<{ column_id: string; position: number }> = await h.ds.query(
        `SELECT column_id, position FROM board_cards WHERE content_id = $1 ORDER BY column_id, position`,
        [boardId],
      );
      for (const column of [todo, doing, done]) {
        const mine = positions.filter((p) => Number(p.column_id) === column).map((p) => p.position);
        expect(mine).toEqual(mine.map((_, n) => n));
      }
      // everyone moved back for the next round
      for (const card of cards) await move(t.as.member, card, todo, 9);
    }
    const final = boardOf((await t.as.member.get(`/api/project/contents/${boardId}`)).body);
    expect(final.version).toBeGreaterThan(40);

    // moves within a column and to another; a column of another board is a 422 that changes nothing
    await move(t.as.member, cards[3], todo, 0);
    const moved = await move(t.as.member, cards[0], done, 0);
    expect(titles(boardOf(moved.body))).toEqual([['D', 'B', 'C'], [], ['A']]);
    const other = await h.board(t.as.member, t.projectId);
    const foreign = (other.board.attributes.board as BoardAttr).columns[0].id;
    const refused = await move(t.as.member, cards[1], foreign, 0);
    expect(refused.status).toBe(422);
    expect(errorPointers(refused.body)).toEqual(['/data/attributes/column_id']);
    const badPosition = await move(t.as.member, cards[1], doing, -1);
    expect(errorPointers(badPosition.body)).toEqual(['/data/attributes/position']);
    expect(titles(boardOf((await t.as.member.get(`/api/project/contents/${boardId}`)).body))).toEqual([
      ['D', 'B', 'C'],
      [],
      ['A'],
    ]);
    expect((await move(t.as.teammate, cards[1], doing, 0)).status).toBe(404);
    expect((await move(t.as.elsewhere, cards[1], doing, 0)).status).toBe(404);

    // cards edited and deleted, columns added and deleted
    const edited = await t.as.member.patch(
      `/api/project/contents/${boardId}/cards/${cards[1]}`,
      body({ title: 'B2' }),
    );
    expect(titles(boardOf(edited.body))[0]).toEqual(['D', 'B2', 'C']);
    const deleted = await t.as.member.send<JsonDocument>(
      'DELETE',
      `/api/project/contents/${boardId}/cards/${cards[3]}`,
    );
    expect(titles(boardOf(deleted.body))[0]).toEqual(['B2', 'C']);
    const column = await t.as.member.post(
      `/api/project/contents/${boardId}/columns`,
      body({ name: 'Review' }),
    );
    expect(boardOf(column.body).columns.map((c) => c.name)).toEqual(['To do', 'Doing', 'Done', 'Review']);
    const dropped = await t.as.member.send<JsonDocument>(
      'DELETE',
      `/api/project/contents/${boardId}/columns/${done}`,
    );
    expect(boardOf(dropped.body).columns.map((c) => c.name)).toEqual(['To do', 'Doing', 'Review']);
  });

  it('tells the project’s story on its timeline, newest first, paged by bucketId; members only', async () => {
    const url = `/api/timeline-project/${t.projectId}`;
    const first = await t.as.member.get(`${url}?page[limit]=3`);
    expect(first.status).toBe(200);
    expect(list(first.body).map((a) => a.attributes.action)).toEqual([
      'column.deleted',
      'column.created',
      'card.deleted',
    ]);
    expect(list(first.body)[0].attributes).toMatchObject({ subject_name: 'Done', actor: { name: 'Ani' } });
    const next = first.body.meta!.next_bucket_id as string;
    const second = await t.as.member.get(`${url}?page[limit]=3&bucketId=${next}`);
    expect(list(second.body)[0].attributes.action).toBe('card.updated');
    const all = await t.as.owner.get(`${url}?page[limit]=100&bucketId=`);
    const actions = list(all.body).map((a) => a.attributes.action);
    expect(actions.at(-1)).toBe('project.created');
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.added',
        'member.removed',
        'module.created',
        'content.created',
        'comment.created',
        'card.moved',
      ]),
    );
    const moved = list(all.body).find((a) => a.attributes.action === 'card.moved')!;
    expect(moved.attributes.data).toMatchObject({
      board: expect.any(String),
      from: expect.any(String),
      to: expect.any(String),
    });
    for (const client of [t.as.teammate, t.as.outsider, t.as.elsewhere])
      expect((await client.get(url)).status).toBe(404);
    expect((await t.as.member.get(`${url}?bucketId=abc`)).status).toBe(400);
  });
});
