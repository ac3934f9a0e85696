import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, start } from '../test/app';
import { many, one, resource, user } from '../test/factories';
import { json, serve } from '../test/server';
import type { BoardPush } from './boardSocket';

/** The board socket, replaced: the test pushes what the service would to every watcher. */
const watchers = vi.hoisted(() => new Map<string, (board: BoardPush) => void>());
vi.mock('./boardSocket', () => ({
  watchBoard: (contentId: string, _token: unknown, changed: (board: BoardPush) => void) => {
    watchers.set(contentId, changed);
    return () => watchers.delete(contentId);
  },
}));

const student = () =>
  json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' }, '4')));
const quietLayout = {
  'GET /api/notifications/:userId': () => json(200, { ...many([]), meta: { total: 0, unread: 0 } }),
  'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
  'GET /api/course/announcements/popups': () => json(200, many([])),
};
const project = () =>
  json(
    200,
    one(
      resource(
        'projects',
        {
          workspace_id: 3,
          workspace_name: 'Capstone',
          name: 'Library app',
          description: '',
          user_id: 2,
          members: [person(4, 'Ayu Lestari'), person(6, 'Budi Santoso')],
          is_owner: false,
          created_at: '2026-03-01 08:00:00',
        },
        '5',
      ),
    ),
  );
const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
const person = (user_id: number, name: string) => ({ user_id, code: `u${user_id}`, name, thumbnail: null });
const workspace = (attributes: Record<string, unknown>, id: string) =>
  resource(
    'workspaces',
    {
      name: 'Capstone',
      description: 'Teams',
      thumbnail: null,
      user_id: 2,
      owner: person(2, 'Dewi Lecturer'),
      members: null,
      member_count: 3,
      project_count: 1,
      is_owner: false,
      is_member: false,
      token: null,
      token_expired_at: null,
      created_at: '2026-03-01 08:00:00',
      ...attributes,
    },
    id,
  );
type Columns = BoardPush['columns'];
const boardContent = (columns: Columns, version: number) =>
  resource(
    'project-contents',
    {
      project_id: 5,
      project_module_id: 8,
      name: 'Sprint board',
      content_type: 'board',
      text: null,
      board: { version, columns },
      user_id: 4,
      comments: [],
      created_at: '2026-03-01 08:00:00',
      updated_at: '2026-03-01 08:00:00',
    },
    '30',
  );
const COLUMNS: Columns = [
  {
    id: 1,
    name: 'To do',
    cards: [
      {
        id: 11,
        title: 'Wireframes',
        description: '',
        assignee_ids: [],
        due_at: null,
        is_completed: false,
        completed_at: null,
      },
    ],
  },
  { id: 2, name: 'Doing', cards: [] },
];

/** What the board page of project 5 (module 8, board content 30 with COLUMNS) reads, student1 signed in. */
const boardRoutes = {
  ...quietLayout,
  'GET /api/login/me': student,
  'GET /api/project/modules': () =>
    json(200, many([resource('project-modules', { project_id: 5, name: 'Sprint 1', created_at: '' }, '8')])),
  'GET /api/project/contents': () => json(200, many([boardContent(COLUMNS, 3)])),
  'GET /api/project/contents/30': () => json(200, one(boardContent(COLUMNS, 3))),
  'GET /api/project/projects/5': project,
  'GET /api/timeline-project/5': () => json(200, { ...many([]), meta: { limit: 20, next_bucket_id: null } }),
};

describe('workspaces and boards', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the workspaces 6 a page and joins one with its token', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/project/workspaces': () =>
        json(200, many([workspace({}, '3'), workspace({ name: 'Thesis lab', is_member: true }, '4')], 8)),
      'POST /api/project/workspaces/join': () =>
        json(200, one(workspace({ is_member: true, members: [] }, '3'))),
      'GET /api/project/workspaces/3': () => json(200, one(workspace({ is_member: true, members: [] }, '3'))),
      'GET /api/project/projects': () => json(200, many([])),
    });
    const router = start('/workspace');
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByRole('link', { name: 'Thesis lab' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(new URL(calls.find((c) => c.url.includes('workspaces'))!.url).search).toContain(
      'page%5Blimit%5D=6',
    );

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Join' }));
    expect(await within(cards[0]).findByText('Type the token.')).toBeTruthy();
    fireEvent.change(within(cards[0]).getByLabelText('Join token'), { target: { value: ' abcd2345 ' } });
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/project-list/3'));
    const join = calls.find((c) => c.url.endsWith('/workspaces/join'))!;
    expect(await attributesOf(join)).toEqual({ type: 'student', workspace_id: 3, token: 'abcd2345' });
    expect(await screen.findByText('You joined “Capstone”.')).toBeTruthy();
  });

  it('moves a card from the keyboard, and shows another member’s move pushed on the socket', async () => {
    const calls = serve({
      ...boardRoutes,
      'POST /api/project/contents/30/cards/11/move': () =>
        json(
          200,
          one(
            boardContent(
              [
                { ...COLUMNS[0], cards: [] },
                { ...COLUMNS[1], cards: COLUMNS[0].cards },
              ],
              4,
            ),
          ),
        ),
    });
    start('/workspace/project-detail/5/module-detail/8');
    const todo = await screen.findByRole('region', { name: 'Column To do' });
    expect(within(todo).getByText('Wireframes')).toBeTruthy();
    fireEvent.change(within(todo).getByLabelText('Move Wireframes to'), { target: { value: '2' } });
    const doing = screen.getByRole('region', { name: 'Column Doing' });
    // shown at once where it goes, then as the service answered
    expect(await within(doing).findByText('Wireframes')).toBeTruthy();
    const move = calls.find((c) => c.url.endsWith('/cards/11/move'))!;
    expect(await attributesOf(move)).toEqual({ column_id: 2, position: 0 });
    expect(await screen.findByText('Wireframes moved to Doing, place 1.')).toBeTruthy();

    // another member moves it back: the push (newer) replaces the board; an older one is ignored
    await waitFor(() => expect(watchers.has('30')).toBe(true));
    act(() => watchers.get('30')!({ content_id: 30, actor_id: 9, version: 5, columns: COLUMNS }));
    expect(await within(todo).findByText('Wireframes')).toBeTruthy();
    act(() =>
      watchers.get('30')!({
        content_id: 30,
        actor_id: 9,
        version: 4,
        columns: [{ ...COLUMNS[0], cards: [] }, COLUMNS[1]],
      }),
    );
    expect(within(todo).getByText('Wireframes')).toBeTruthy();
  });

  it('edits a card’s title and description in place; an empty title is refused before sending', async () => {
    const edited: Columns = [
      {
        ...COLUMNS[0],
        cards: [
          {
            ...COLUMNS[0].cards[0],
            title: 'Wireframes v2',
            description: 'Mobile first, three screens',
          },
        ],
      },
      COLUMNS[1],
    ];
    const calls = serve({
      ...boardRoutes,
      'PATCH /api/project/contents/30/cards/11': () => json(200, one(boardContent(edited, 4))),
    });
    start('/workspace/project-detail/5/module-detail/8');
    const todo = await screen.findByRole('region', { name: 'Column To do' });
    fireEvent.click(within(todo).getByText('Edit Wireframes'));
    const title = await within(todo).findByLabelText('Title');
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(within(todo).getByRole('button', { name: 'Save card' }));
    expect(await within(todo).findByText('Give the card a title.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(title, { target: { value: ' Wireframes v2 ' } });
    fireEvent.change(within(todo).getByLabelText('Description'), {
      target: { value: 'Mobile first, three screens' },
    });
    fireEvent.click(within(todo).getByRole('button', { name: 'Save card' }));
    expect(await within(todo).findByText('Mobile first, three screens')).toBeTruthy();
    expect(within(todo).getByText('Wireframes v2')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(await attributesOf(patch)).toEqual({
      title: 'Wireframes v2',
      description: 'Mobile first, three screens',
      assignee_ids: [],
      due_at: null,
      is_completed: false,
    });
    // the form closed with the save
    await waitFor(() => expect(within(todo).queryByLabelText('Title')).toBeNull());
  });

  it('assigns a card to members by name and gives it a due date; shows initials, the date, overdue in words; filters "Assigned to me"', async () => {
    const planned: Columns = [
      {
        ...COLUMNS[0],
        cards: [
          { ...COLUMNS[0].cards[0], assignee_ids: [6, 4], due_at: '2026-12-01 17:00:00' },
          {
            ...COLUMNS[0].cards[0],
            id: 12,
            title: 'Poster',
            assignee_ids: [6],
            due_at: '2020-01-10 09:00:00',
          },
        ],
      },
      COLUMNS[1],
    ];
    const calls = serve({
      ...boardRoutes,
      'PATCH /api/project/contents/30/cards/11': () => json(200, one(boardContent(planned, 4))),
    });
    start('/workspace/project-detail/5/module-detail/8');
    const todo = await screen.findByRole('region', { name: 'Column To do' });
    fireEvent.click(within(todo).getByText('Edit Wireframes'));
    const picker = await within(todo).findByRole('group', { name: 'Assignees' });
    fireEvent.click(within(picker).getByLabelText('Budi Santoso'));
    fireEvent.click(within(picker).getByLabelText('Ayu Lestari'));
    fireEvent.change(within(todo).getByLabelText('Due date'), { target: { value: '2026-12-01T17:00' } });
    fireEvent.click(within(todo).getByRole('button', { name: 'Save card' }));

    expect(await within(todo).findByText('Assigned to Budi Santoso, Ayu Lestari')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(await attributesOf(patch)).toEqual({
      title: 'Wireframes',
      description: '',
      assignee_ids: [6, 4],
      due_at: '2026-12-01 17:00:00',
      is_completed: false,
    });
    const wireframes = within(todo).getByText('Wireframes').closest('li')!;
    expect(wireframes.querySelector('[data-initials="BS"]')).toBeTruthy();
    expect(wireframes.querySelector('[data-initials="AL"]')).toBeTruthy();
    expect(within(wireframes).getByText('Due 1 Dec 2026, 17:00')).toBeTruthy();
    const poster = within(todo).getByText('Poster').closest('li')!;
    expect(within(poster).getByText('Overdue: was due 10 Jan 2020, 09:00')).toBeTruthy();

    // only the caller's (user 4) cards; the up/down of the one left are disabled
    fireEvent.click(screen.getByRole('button', { name: 'Assigned to me' }));
    expect(screen.getByRole('button', { name: 'Assigned to me' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(todo).queryByText('Poster')).toBeNull();
    expect(within(todo).getByText('Wireframes')).toBeTruthy();
    expect(
      (within(todo).getByRole('button', { name: 'Move Wireframes down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Assigned to me' }));
    expect(within(todo).getByText('Poster')).toBeTruthy();
  });

  it('marks a card done with the checkbox beside its due date: a done mark in words replaces the overdue warning', async () => {
    const overdue: Columns = [
      { ...COLUMNS[0], cards: [{ ...COLUMNS[0].cards[0], due_at: '2020-01-10 09:00:00' }] },
      COLUMNS[1],
    ];
    const done: Columns = [
      {
        ...COLUMNS[0],
        cards: [{ ...overdue[0].cards[0], is_completed: true, completed_at: '2020-01-09 16:00:00' }],
      },
      COLUMNS[1],
    ];
    const calls = serve({
      ...boardRoutes,
      'GET /api/project/contents': () => json(200, many([boardContent(overdue, 3)])),
      'GET /api/project/contents/30': () => json(200, one(boardContent(overdue, 3))),
      'PATCH /api/project/contents/30/cards/11': () => json(200, one(boardContent(done, 4))),
    });
    start('/workspace/project-detail/5/module-detail/8');
    const todo = await screen.findByRole('region', { name: 'Column To do' });
    const card = () => within(todo).getByText('Wireframes').closest('li')!;
    expect(await within(todo).findByText('Overdue: was due 10 Jan 2020, 09:00')).toBeTruthy();

    fireEvent.click(within(todo).getByText('Edit Wireframes'));
    const checkbox = (await within(todo).findByRole('checkbox', { name: 'Done' })) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    fireEvent.click(checkbox);
    fireEvent.click(within(todo).getByRole('button', { name: 'Save card' }));

    expect(await within(todo).findByText('Done (due 10 Jan 2020, 09:00)')).toBeTruthy();
    expect(within(card()).queryByText(/Overdue/)).toBeNull();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(await attributesOf(patch)).toMatchObject({ is_completed: true, due_at: '2020-01-10 09:00:00' });
    // opened again, the form shows it done
    await waitFor(() => expect(within(todo).queryByLabelText('Title')).toBeNull());
    fireEvent.click(within(todo).getByText('Edit Wireframes'));
    expect(((await within(todo).findByRole('checkbox', { name: 'Done' })) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('uploads the file of a file content as multipart and offers it to download', async () => {
    const fileContent = (file: Record<string, unknown> | null) =>
      resource(
        'project-contents',
        {
          project_id: 5,
          project_module_id: 8,
          name: 'Report',
          content_type: 'file',
          text: null,
          board: null,
          file,
          user_id: 4,
          comments: [],
          created_at: '2026-03-01 08:00:00',
          updated_at: '2026-03-01 08:00:00',
        },
        '31',
      );
    const stored = { key: 'project/1/contents/abc', name: 'report.pdf', size: 2048, mime: 'application/pdf' };
    let uploaded = false;
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/project/modules': () =>
        json(200, many([resource('project-modules', { project_id: 5, name: 'Docs', created_at: '' }, '8')])),
      'GET /api/project/contents': () => json(200, many([fileContent(null)])),
      'GET /api/project/contents/31': () => json(200, one(fileContent(uploaded ? stored : null))),
      'PUT /api/project/contents/31/file': () => {
        uploaded = true;
        return json(200, one(fileContent(stored)));
      },
    });
    start('/workspace/project-detail/5/module-detail/8');
    expect(await screen.findByText('No file is uploaded yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose a file.')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('button', { name: 'Download report.pdf' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(await ((await put.formData()).get('file') as Blob).text()).toBe('%PDF-1.4');
    expect(await screen.findByText('File “report.pdf” uploaded.')).toBeTruthy();
  });
});
