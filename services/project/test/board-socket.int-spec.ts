import type { Socket } from 'socket.io-client';
import { connected, nextEvent, openSocket, record, sleep } from '../../../libs/realtime/test/harness';
import { body, HOSTS, ProjectHarness } from './support/harness';

const PATH = '/socket/project';

interface BoardPush {
  content_id: number;
  version: number;
  actor_id: number;
  columns: Array<{
    id: number;
    name: string;
    cards: Array<{
      id: number;
      title: string;
      assignee_ids: number[];
      due_at: string | null;
      is_completed: boolean;
    }>;
  }>;
}
type Refusal = { errors: Array<{ status: string; source?: { pointer?: string } }> };

/**
 * The live board (issue 20): members watching a board on `/socket/project` receive the moves of
 * another member without reloading; anyone else cannot watch it (404, as its GET).
 */
describe('boards over socket.io', () => {
  const h = new ProjectHarness();
  const sockets: Socket[] = [];
  let t: Awaited<ReturnType<ProjectHarness['team']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    t = await h.team();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await h.stop();
  });

  async function socketOf(user: { id: number; role: string; tenantId: number }) {
    const socket = openSocket(h.baseUrl, PATH, {
      token: await h.token(user as Parameters<ProjectHarness['token']>[0]),
      host: HOSTS[user.tenantId],
    });
    sockets.push(socket);
    return connected(socket);
  }

  it('pushes a card moved by one member to another member watching the board', async () => {
    const { boardId, board } = await h.board(t.as.owner, t.projectId);
    const [todo, doing] = (board.attributes.board as BoardPush).columns.map((c) => c.id);
    await t.as.owner.post(
      `/api/project/contents/${boardId}/cards`,
      body({ column_id: todo, title: 'Wireframes' }),
    );

    const watcher = await socketOf(t.users.member);
    const watched = (await watcher.emitWithAck('watch', { content_id: boardId })) as BoardPush;
    expect(watched.columns[0].cards.map((c) => c.title)).toEqual(['Wireframes']);
    const card = watched.columns[0].cards[0].id;

    const pushed = nextEvent(watcher, 'board');
    await t.as.owner.post(
      `/api/project/contents/${boardId}/cards/${card}/move`,
      body({ column_id: doing, position: 0 }),
    );
    const [update] = (await pushed) as [BoardPush];
    expect(update).toMatchObject({
      content_id: boardId,
      actor_id: t.users.owner.id,
      version: watched.version + 1,
    });
    expect(update.columns.map((c) => c.cards.map((x) => x.title))).toEqual([[], ['Wireframes'], []]);

    // unwatched, it hears nothing more
    await watcher.emitWithAck('unwatch', { content_id: boardId });
    const heard = record(watcher, 'board');
    await t.as.owner.post(
      `/api/project/contents/${boardId}/cards/${card}/move`,
      body({ column_id: todo, position: 0 }),
    );
    await sleep(300);
    expect(heard).toEqual([]);
  });

  it('pushes a card’s assignees, due date and done mark as its resource has them (the campus’s wall clock)', async () => {
    const { boardId, board } = await h.board(t.as.owner, t.projectId);
    const [todo] = (board.attributes.board as BoardPush).columns.map((c) => c.id);
    const watcher = await socketOf(t.users.member);
    await watcher.emitWithAck('watch', { content_id: boardId });

    const pushed = nextEvent(watcher, 'board');
    await t.as.owner.post(
      `/api/project/contents/${boardId}/cards`,
      body({
        column_id: todo,
        title: 'Report',
        assignee_ids: [t.users.member.id],
        due_at: '2026-12-01 17:00:00',
        is_completed: true,
      }),
    );
    const [update] = (await pushed) as [BoardPush];
    expect(update.columns[0].cards).toEqual([
      expect.objectContaining({
        title: 'Report',
        assignee_ids: [t.users.member.id],
        due_at: '2026-12-01 17:00:00',
        is_completed: true,
        completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      }),
    ]);
    // and so does the watch's answer
    const again = (await watcher.emitWithAck('watch', { content_id: boardId })) as BoardPush;
    expect(again.columns[0].cards[0]).toMatchObject({ due_at: '2026-12-01 17:00:00' });
  });

  it('refuses the watch of anyone not in the project (404) and a malformed one (422)', async () => {
    const { boardId } = await h.board(t.as.owner, t.projectId);
    const outsiders = [
      await socketOf(t.users.teammate),
      await socketOf(t.users.outsider),
      await socketOf(t.users.elsewhere),
    ];
    const heard = outsiders.map((socket) => record(socket, 'board'));
    for (const socket of outsiders) {
      const refusal = (await socket.emitWithAck('watch', { content_id: boardId })) as Refusal;
      expect(refusal.errors[0].status).toBe('404');
    }
    const bad = (await outsiders[0].emitWithAck('watch', { content_id: 'x' })) as Refusal;
    expect(bad.errors[0]).toMatchObject({ status: '422', source: { pointer: '/content_id' } });
    await t.as.owner.post(`/api/project/contents/${boardId}/columns`, body({ name: 'Later' }));
    await sleep(300);
    expect(heard).toEqual([[], [], []]);
  });
});
