import { UnitOfWork } from '@lms/events';
import { formatWireDate } from '@lms/jsonapi';
import { errorPointers } from '@lms/testing';
import { CardReminders } from '../src/contents/card-reminders';
import { body, one, ProjectHarness } from './support/harness';

interface CardAttr {
  id: number;
  title: string;
  assignee_ids: number[];
  due_at: string | null;
  is_completed: boolean;
  completed_at: string | null;
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
  // the reminders run when a test sweeps, never on their own
  const h = new ProjectHarness({ CARD_REMINDER_INTERVAL_MS: '3600000' });
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

  describe('done', () => {
    const versionOf = (doc: { data?: unknown }) => (one(doc).attributes.board as BoardAttr).version;

    it('marks a card done and not done again, since the first time it was marked', async () => {
      const made = await t.as.member.post(
        cardsUrl(),
        body({ column_id: todo, title: 'Bibliography', due_at: '2026-12-02 09:00:00', is_completed: true }),
      );
      expect(made.status).toBe(201);
      const card = cardsOf(made.body).find((c) => c.title === 'Bibliography')!;
      expect(card.is_completed).toBe(true);
      expect(card.completed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const url = `${cardsUrl()}/${card.id}`;

      // marked done again, its title changed: done since the first time
      const again = await t.as.member.patch(url, body({ is_completed: true, title: 'Bibliography v2' }));
      expect(cardsOf(again.body).find((c) => c.id === card.id)).toMatchObject({
        is_completed: true,
        completed_at: card.completed_at,
      });
      const reopened = await t.as.teammate.patch(url, body({ is_completed: false }));
      expect(reopened.status).toBe(200);
      expect(versionOf(reopened.body)).toBe(versionOf(again.body) + 1);
      const read = await t.as.owner.get(`/api/project/contents/${boardId}`);
      expect(cardsOf(read.body).find((c) => c.id === card.id)).toMatchObject({
        is_completed: false,
        completed_at: null,
        due_at: '2026-12-02 09:00:00',
      });
      const [row]: Array<{ completed_at: Date | null }> = await h.ds.query(
        `SELECT completed_at FROM board_cards WHERE id = $1`,
        [card.id],
      );
      expect(row.completed_at).toBeNull();

      // a new card is not done
      const other = await t.as.member.post(cardsUrl(), body({ column_id: todo, title: 'Abstract' }));
      expect(cardsOf(other.body).find((c) => c.title === 'Abstract')).toMatchObject({
        is_completed: false,
        completed_at: null,
      });
    });

    it('refuses is_completed that is not a boolean with a 422 naming it, changing nothing', async () => {
      const made = await t.as.member.post(cardsUrl(), body({ column_id: todo, title: 'Glossary' }));
      const card = cardsOf(made.body).find((c) => c.title === 'Glossary')!;
      // (1/0 and 'true'/'false' are read as booleans, as everywhere)
      for (const value of ['yes', 2, null, []]) {
        const tried = await t.as.member.patch(`${cardsUrl()}/${card.id}`, body({ is_completed: value }));
        expect(tried.status).toBe(422);
        expect(errorPointers(tried.body)).toEqual(['/data/attributes/is_completed']);
      }
      const created = await t.as.member.post(
        cardsUrl(),
        body({ column_id: todo, title: 'Index', is_completed: 'done' }),
      );
      expect(created.status).toBe(422);
      expect(errorPointers(created.body)).toEqual(['/data/attributes/is_completed']);

      const after = await t.as.member.get(`/api/project/contents/${boardId}`);
      expect(versionOf(after.body)).toBe(versionOf(made.body));
      expect(cardsOf(after.body).find((c) => c.id === card.id)?.is_completed).toBe(false);
      expect(cardsOf(after.body).some((c) => c.title === 'Index')).toBe(false);
    });
  });

  describe('reminders of cards due soon', () => {
    /** The wire date (campus wall clock) `hours` from now. */
    const inHours = (hours: number) =>
      formatWireDate(new Date(Date.now() + hours * 3_600_000), 'Asia/Jakarta');
    const card = async (title: string, attributes: Record<string, unknown>) => {
      const made = await t.as.owner.post(cardsUrl(), body({ column_id: todo, title, ...attributes }));
      expect(made.status).toBe(201);
      return cardsOf(made.body).find((c) => c.title === title)!;
    };
    const reminded = async (cardId: number) =>
      (await h.events('project.card.due')).filter((event) => event.data.cardId === cardId);

    it('records project.card.due once per card and due date: not done, with assignees, due within the lead time', async () => {
      const soon = await card('Soon', {
        assignee_ids: [t.users.member.id, t.users.teammate.id],
        due_at: inHours(2),
      });
      const done = await card('Done soon', {
        assignee_ids: [t.users.member.id],
        due_at: inHours(2),
        is_completed: true,
      });
      const nobody = await card('Nobody’s', { due_at: inHours(2) });
      const past = await card('Past', { assignee_ids: [t.users.member.id], due_at: inHours(-1) });
      const far = await card('Far', { assignee_ids: [t.users.member.id], due_at: inHours(48) });
      const undated = await card('Undated', { assignee_ids: [t.users.member.id] });
      const sweeper = h.app.get(CardReminders);

      expect(await sweeper.sweep()).toBe(1);
      expect(await sweeper.sweep()).toBe(0);
      const [event] = await reminded(soon.id);
      expect(event).toMatchObject({ tenantId: 1, actorId: null });
      const [row]: Array<{ due_at: Date }> = await h.ds.query(
        `SELECT due_at FROM board_cards WHERE id = $1`,
        [soon.id],
      );
      expect(event.data).toEqual({
        cardId: soon.id,
        contentId: boardId,
        projectId: t.projectId,
        workspaceId: t.workspaceId,
        projectName: 'Library app',
        title: 'Soon',
        assigneeIds: [t.users.member.id, t.users.teammate.id],
        dueAt: row.due_at.toISOString(),
      });
      for (const other of [done, nobody, past, far, undated]) expect(await reminded(other.id)).toEqual([]);

      // the due date moved: reminded again, of the new date; marked done after: not again
      await t.as.owner.patch(`${cardsUrl()}/${soon.id}`, body({ due_at: inHours(3) }));
      // the far card comes within the lead time, and is done before the sweep
      await t.as.owner.patch(`${cardsUrl()}/${far.id}`, body({ due_at: inHours(5), is_completed: true }));
      // an assignee given to the card nobody had
      await t.as.owner.patch(`${cardsUrl()}/${nobody.id}`, body({ assignee_ids: [t.users.teammate.id] }));
      expect(await sweeper.sweep()).toBe(2);
      const events = await reminded(soon.id);
      expect(events).toHaveLength(2);
      expect(new Date(events[1].data.dueAt).getTime()).toBeGreaterThan(
        new Date(events[0].data.dueAt).getTime(),
      );
      expect((await reminded(nobody.id)).map((e) => e.data.assigneeIds)).toEqual([[t.users.teammate.id]]);
      expect(await reminded(far.id)).toEqual([]);
      expect(await sweeper.sweep()).toBe(0);
    });

    it('never records one card twice when two sweeps run at once', async () => {
      const ids: number[] = [];
      for (let n = 0; n < 12; n++)
        ids.push(
          (await card(`Race ${n}`, { assignee_ids: [t.users.member.id], due_at: inHours(1 + n / 10) })).id,
        );
      const mine = h.app.get(CardReminders);
      const other = new CardReminders(h.app.get(UnitOfWork), { hours: 24, intervalMs: 3_600_000 });
      const counts = await Promise.all([mine.sweep(), other.sweep(), mine.sweep()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
      const events = (await h.events('project.card.due')).filter((e) => ids.includes(e.data.cardId));
      expect(events.map((e) => e.data.cardId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    });
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
