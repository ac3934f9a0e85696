import { errorPointers } from '@lms/testing';
import { body, one, ProjectHarness } from './support/harness';

interface CardAttr {
  id: number;
  title: string;
  assignee_ids: number[];
  due_at: string | null;
}
interface BoardAttr {
  version: number;
  columns: Array<{ id: number; name: string; cards: CardAttr[] }>;
}
const cardsOf = (doc: { data?: unknown }) =>
  (one(doc).attributes.board as BoardAttr).columns.flatMap((column) => column.cards);

/**
 * A card's assignees and due date: members of the project only, each once, at most ten; the date
 * read and written in the campus's zone; each member newly assigned is told by
 * `project.card.assigned`, recorded with the change.
 */
describe('board cards: assignees and due dates', () => {
  const h = new ProjectHarness();
  let t: Awaited<ReturnType<ProjectHarness['team']>>;
  let boardId: number;
  let todo: number;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    t = await h.team();
    // teammate joins the project too: two members to assign
    await t.as.owner.post(
      '/api/project/projects/add',
      body({ project_id: t.projectId, user_id: t.users.teammate.id }),
    );
    const made = await h.board(t.as.owner, t.projectId);
    boardId = made.boardId;
    todo = (made.board.attributes.board as BoardAttr).columns[0].id;
  });
  afterAll(() => h.stop());

  const cardsUrl = () => `/api/project/contents/${boardId}/cards`;
  const assigned = async (cardId: number) =>
    (await h.events('project.card.assigned')).filter((event) => event.data.cardId === cardId);

  it('makes a card with assignees and a due date, read back in the campus’s zone', async () => {
    const made = await t.as.member.post(
      cardsUrl(),
      body({
        column_id: todo,
        title: 'Write the report',
        assignee_ids: [t.users.teammate.id, t.users.member.id],
        due_at: '2026-12-01 17:00:00',
      }),
    );
    expect(made.status).toBe(201);
    const card = cardsOf(made.body).find((c) => c.title === 'Write the report')!;
    expect(card.due_at).toBe('2026-12-01 17:00:00');
    expect([...card.assignee_ids].sort()).toEqual([t.users.member.id, t.users.teammate.id].sort());
    // stored as the instant (Asia/Jakarta is UTC+7)
    const [row]: Array<{ due_at: Date }> = await h.ds.query(`SELECT due_at FROM board_cards WHERE id = $1`, [
      card.id,
    ]);
    expect(row.due_at.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    const read = await t.as.teammate.get(`/api/project/contents/${boardId}`);
    expect(cardsOf(read.body).find((c) => c.id === card.id)).toMatchObject({
      due_at: '2026-12-01 17:00:00',
    });

    const [event] = await assigned(card.id);
    expect(event).toMatchObject({ tenantId: 1, actorId: t.users.member.id });
    expect(event.data).toMatchObject({
      contentId: boardId,
      projectId: t.projectId,
      workspaceId: t.workspaceId,
      projectName: 'Library app',
      title: 'Write the report',
      assignedBy: t.users.member.id,
      dueAt: '2026-12-01T10:00:00.000Z',
    });
    expect([...event.data.assigneeIds].sort()).toEqual([t.users.member.id, t.users.teammate.id].sort());
  });

  it('records the event once per new assignee set: only the members it adds, nothing when none', async () => {
    const made = await t.as.owner.post(cardsUrl(), body({ column_id: todo, title: 'Slides' }));
    const card = cardsOf(made.body).find((c) => c.title === 'Slides')!;
    expect(card).toMatchObject({ assignee_ids: [], due_at: null });
    expect(await assigned(card.id)).toEqual([]);
    const url = `${cardsUrl()}/${card.id}`;

    const first = await t.as.owner.patch(url, body({ assignee_ids: [t.users.member.id] }));
    expect(cardsOf(first.body).find((c) => c.id === card.id)?.assignee_ids).toEqual([t.users.member.id]);
    // the same set again, a title change, a due date: nobody new
    await t.as.owner.patch(url, body({ assignee_ids: [t.users.member.id], title: 'Slides v2' }));
    await t.as.owner.patch(url, body({ due_at: '2026-12-24' }));
    expect((await assigned(card.id)).map((event) => event.data.assigneeIds)).toEqual([[t.users.member.id]]);

    // teammate added, member kept: teammate alone is new
    await t.as.owner.patch(url, body({ assignee_ids: [t.users.member.id, t.users.teammate.id] }));
    // member taken off, then put back: assigned anew
    const off = await t.as.owner.patch(url, body({ assignee_ids: [t.users.teammate.id] }));
    expect(cardsOf(off.body).find((c) => c.id === card.id)?.assignee_ids).toEqual([t.users.teammate.id]);
    await t.as.owner.patch(url, body({ assignee_ids: [t.users.teammate.id, t.users.member.id] }));
    const events = await assigned(card.id);
    expect(events.map((event) => event.data.assigneeIds)).toEqual([
      [t.users.member.id],
      [t.users.teammate.id],
      [t.users.member.id],
    ]);
    expect(events[2].data).toMatchObject({ title: 'Slides v2', dueAt: '2026-12-23T17:00:00.000Z' });

    // the due date cleared, the assignees emptied
    const cleared = await t.as.owner.patch(url, body({ assignee_ids: [], due_at: null }));
    expect(cardsOf(cleared.body).find((c) => c.id === card.id)).toMatchObject({
      assignee_ids: [],
      due_at: null,
    });
    expect(await assigned(card.id)).toHaveLength(3);
  });

  it('refuses a non-member, a person twice, more than ten and a bad date with a 422 each, changing nothing', async () => {
    const made = await t.as.owner.post(
      cardsUrl(),
      body({ column_id: todo, title: 'Poster', assignee_ids: [t.users.member.id] }),
    );
    const card = cardsOf(made.body).find((c) => c.title === 'Poster')!;
    const url = `${cardsUrl()}/${card.id}`;
    const version = (one(made.body).attributes.board as BoardAttr).version;

    // the workspace's owner, a workspace member outside the project, someone of another campus
    const strangers = await t.as.member.patch(
      url,
      body({
        assignee_ids: [t.users.teammate.id, t.users.owner.id, t.users.outsider.id, t.users.elsewhere.id],
      }),
    );
    expect(strangers.status).toBe(422);
    expect(strangers.body.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/assignee_ids/1' },
        detail: expect.stringContaining('not a member of the project'),
      }),
      expect.objectContaining({ source: { pointer: '/data/attributes/assignee_ids/2' } }),
      expect.objectContaining({ source: { pointer: '/data/attributes/assignee_ids/3' } }),
    ]);
    const twice = await t.as.member.patch(
      url,
      body({ assignee_ids: [t.users.teammate.id, t.users.teammate.id] }),
    );
    expect(twice.status).toBe(422);
    expect(errorPointers(twice.body)).toEqual(['/data/attributes/assignee_ids/1']);
    const many = await t.as.member.patch(
      url,
      body({ assignee_ids: Array.from({ length: 11 }, (_, n) => t.users.member.id + n) }),
    );
    expect(errorPointers(many.body)).toEqual(['/data/attributes/assignee_ids']);
    const badDate = await t.as.member.patch(url, body({ due_at: '1 December' }));
    expect(errorPointers(badDate.body)).toEqual(['/data/attributes/due_at']);
    const newCard = await t.as.member.post(
      cardsUrl(),
      body({ column_id: todo, title: 'Nope', assignee_ids: [t.users.outsider.id] }),
    );
    expect(errorPointers(newCard.body)).toEqual(['/data/attributes/assignee_ids/0']);

    const after = await t.as.member.get(`/api/project/contents/${boardId}`);
    expect((one(after.body).attributes.board as BoardAttr).version).toBe(version);
    expect(cardsOf(after.body).find((c) => c.id === card.id)?.assignee_ids).toEqual([t.users.member.id]);
    expect(cardsOf(after.body).some((c) => c.title === 'Nope')).toBe(false);
    expect(await assigned(card.id)).toHaveLength(1);
  });

  it('is a 404 for anyone outside the project, another campus too', async () => {
    const made = await t.as.owner.post(cardsUrl(), body({ column_id: todo, title: 'Secret' }));
    const card = cardsOf(made.body).find((c) => c.title === 'Secret')!;
    for (const client of [t.as.outsider, t.as.lecturer, t.as.elsewhere]) {
      const tried = await client.patch(
        `${cardsUrl()}/${card.id}`,
        body({ assignee_ids: [t.users.member.id], due_at: '2026-12-01' }),
      );
      expect(tried.status).toBe(404);
    }
    expect(await assigned(card.id)).toEqual([]);
  });

  it('unassigns a member taken out of the project', async () => {
    const made = await t.as.owner.post(
      cardsUrl(),
      body({ column_id: todo, title: 'Demo', assignee_ids: [t.users.member.id, t.users.teammate.id] }),
    );
    const card = cardsOf(made.body).find((c) => c.title === 'Demo')!;
    await t.as.owner.post(
      '/api/project/projects/remove',
      body({ project_id: t.projectId, user_id: t.users.teammate.id }),
    );
    const read = await t.as.member.get(`/api/project/contents/${boardId}`);
    expect(cardsOf(read.body).find((c) => c.id === card.id)?.assignee_ids).toEqual([t.users.member.id]);
  });
});
