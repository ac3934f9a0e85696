import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, many, one, resource, user } from '../test/factories';
import { json, queryOf, serve } from '../test/server';
import type { ChatSocketHandlers } from './chat/chatSocket';

/** The chat socket, replaced: the test pushes what the service would, to every socket open. */
const sockets = vi.hoisted(() => new Set<ChatSocketHandlers<unknown>>());
vi.mock('./chat/chatSocket', () => ({
  followChat: (_token: unknown, handlers: ChatSocketHandlers<unknown>) => {
    sockets.add(handlers);
    return () => sockets.delete(handlers);
  },
}));
/** What the socket pushes; the store tells the screen at its next frame (RTK's auto-batching). */
const push = (send: (handlers: ChatSocketHandlers<unknown>) => void) => act(() => sockets.forEach(send));

const student = () =>
  json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' }, '4')));
const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));
const pathOf = (request: Request) => new URL(request.url).pathname;
const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
/** The layout's own calls answered empty: no popup, no notification, no unread room. */
const quietLayout = {
  'GET /api/notifications/:userId': () => json(200, { ...many([]), meta: { total: 0, unread: 0 } }),
  'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
  'GET /api/course/announcements/popups': () => json(200, many([])),
};
const toOne = (item: { type: string; id: string }) => ({ data: { type: item.type, id: item.id } });
const dewi = resource('users', { name: 'Dewi Lecturer', thumbnail: null, level: 'lecturer' }, '2');
const ayu = resource('users', { name: 'Ayu Lestari', thumbnail: null, level: 'student' }, '4');
/** Course 3 with its lecturer (Dewi, user 2) and an assistant (Eko, user 6). */
const courseWithStaff = () =>
  json(
    200,
    one(
      {
        ...course({ name: 'Algorithms and Programming' }, '3'),
        relationships: {
          lecturer: toOne({ type: 'lecturers', id: 'l1' }),
          assistant: { data: [{ type: 'assistants', id: 'a1' }] },
        },
      },
      [
        resource('lecturers', { user_id: 2, name: 'Dewi Lecturer' }, 'l1'),
        resource('assistants', { user_id: 6, name: 'Eko Assistant', is_coordinator: false }, 'a1'),
      ],
    ),
  );

const courseMessage = (patch: object, id: string) => ({
  ...resource(
    'messages',
    {
      course_id: 3,
      sender_id: 2,
      receiver_id: 4,
      subject: 'Week 3 quiz',
      message: 'The quiz moves to Friday.\nBring a pen.',
      attachments: [],
      is_read: false,
      read_at: null,
      created_at: '2026-03-02T08:00:00Z',
      ...patch,
    },
    id,
  ),
  relationships: { sender: toOne(dewi), receiver: toOne(ayu) },
});

describe('course messages', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the inbox ten a page with unread ones marked, and opens a message with its attachments', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/course/messages': () =>
        json(
          200,
          many(
            [
              courseMessage({}, '11'),
              courseMessage({ subject: 'Welcome', is_read: true, read_at: '2026-03-01T08:00:00Z' }, '12'),
            ],
            14,
            [dewi, ayu],
          ),
        ),
      'GET /api/course/messages/11': () =>
        json(
          200,
          one(
            courseMessage(
              { attachments: [{ key: 'messages/11/quiz.pdf', name: 'quiz.pdf', size: 2048 }] },
              '11',
            ),
            [dewi, ayu],
          ),
        ),
      'GET /api/course/courses/3': courseWithStaff,
      'GET /api/course/messages/11/files/quiz.pdf': () => new Response('pdf', { status: 200 }),
    });
    start('/messages');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Unread')).toBeTruthy();
    expect(within(rows[1]).queryByText('Unread')).toBeNull();
    expect(rows[0].textContent).toContain('From Dewi Lecturer');
    const listCall = calls.find((call) => pathOf(call) === '/api/course/messages')!;
    expect(queryOf(listCall)).toBe(
      'filter[receiver_id][is]=4&sort=-created_at&include=sender,receiver&page[limit]=10&page[offset]=0',
    );
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    fireEvent.click(within(rows[0]).getByRole('link', { name: 'Week 3 quiz' }));
    expect(await screen.findByRole('heading', { name: 'Week 3 quiz', level: 1 })).toBeTruthy();
    expect(screen.getByText(/The quiz moves to Friday/).textContent).toBe(
      'The quiz moves to Friday.\nBring a pen.',
    );
    expect(screen.getByRole('button', { name: 'Download quiz.pdf' })).toBeTruthy();
    expect(await screen.findByText(/Course: Algorithms and Programming/)).toBeTruthy();
    const reply = screen.getByRole('link', { name: 'Reply' }).getAttribute('href')!;
    expect(new URLSearchParams(reply.split('?')[1]).get('to')).toBe('2');
    expect(new URLSearchParams(reply.split('?')[1]).get('subject')).toBe('Re: Week 3 quiz');
  });

  it('sends a new message with its files as multipart, the recipient found by name without a course first', async () => {
    const people = [
      resource(
        'message-recipients',
        { name: 'Budi Santoso', thumbnail: null, code: 'budi', level: 'student' },
        '5',
      ),
      resource(
        'message-recipients',
        { name: 'Dewi Lecturer', thumbnail: null, code: 'dewi', level: 'lecturer' },
        '2',
      ),
    ];
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/course/courses': () => json(200, many([course({ name: 'Algorithms and Programming' }, '3')])),
      'GET /api/course/messages/recipients': (request) => {
        const name = new URL(request.url).searchParams.get('filter[name][like]')?.toLowerCase() ?? '';
        const found = people.filter((person) => String(person.attributes.name).toLowerCase().includes(name));
        return json(200, { ...many(found), meta: { total: name ? found.length : 31 } });
      },
      'POST /api/course/messages': () =>
        json(201, one(courseMessage({ sender_id: 4, receiver_id: 2 }, '20'))),
      'GET /api/course/messages': () => json(200, many([])),
    });
    const router = start('/messages/new');
    const to = await screen.findByRole('combobox', { name: 'To' });
    await screen.findByRole('option', { name: 'Budi Santoso · Student' });
    expect(screen.getByText('Showing 2 of 31: type a name to narrow the list.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find someone by name' }), {
      target: { value: 'dew' },
    });
    await waitFor(() =>
      expect(
        within(to)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a recipient', 'Dewi Lecturer · Lecturer']),
    );
    expect(calls.some((call) => queryOf(call) === 'filter[name][like]=dew&page[limit]=20')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Choose who receives the message. Write a subject. Write the message.'),
    ).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(to, { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'My report' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Here it is.' } });
    const file = new File(['report'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Attachments'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to Dewi Lecturer.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/sent'));
    const sent = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/course/messages')!;
    const form = await sent.formData();
    // no course chosen: the service sends it through a course the two share
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      receiver_id: '2',
      subject: 'My report',
      message: 'Here it is.',
    });
    expect((form.get('file') as File).size).toBe(file.size);
  });

  it('keeps the person a reply goes to, and lists only those of the course chosen', async () => {
    const dewi = resource(
      'message-recipients',
      { name: 'Dewi Lecturer', thumbnail: null, code: 'dewi', level: 'lecturer' },
      '2',
    );
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/course/courses': () => json(200, many([course({ name: 'Algorithms and Programming' }, '3')])),
      'GET /api/course/messages/recipients': (request) =>
        json(200, many(new URL(request.url).searchParams.get('filter[id][is]') === '2' ? [dewi] : [])),
    });
    start('/messages/new?course=3&to=2&subject=Re%3A%20Quiz');
    const to = await screen.findByRole('combobox', { name: 'To' });
    await screen.findByRole('option', { name: 'Dewi Lecturer · Lecturer' });
    expect((to as HTMLSelectElement).value).toBe('2');
    expect(calls.some((call) => queryOf(call) === 'filter[course_id][is]=3&page[limit]=20')).toBe(true);
    expect(
      calls.some((call) => queryOf(call) === 'filter[course_id][is]=3&filter[id][is]=2&page[limit]=1'),
    ).toBe(true);
  });

  it('opens the chat room a chat notification links to (/messages?chat=)', async () => {
    serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/message': () => json(200, many([])),
      'GET /api/message/9': () => json(404, { errors: [{ status: '404' }] }),
    });
    const router = start('/messages?chat=9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/9'));
  });
});

const chatUser = (id: number, name: string) => ({
  id,
  name,
  thumbnail: null,
  code: name.toLowerCase(),
  level: 'student',
});
const room = (patch: object, id: string) =>
  resource(
    'chat-rooms',
    {
      _id: Number(id),
      room_type: 'personal',
      name: 'Budi Santoso',
      thumbnail: null,
      users: [chatUser(4, 'Ayu Lestari'), chatUser(5, 'Budi Santoso')],
      unread: [],
      updatedAt: '2026-03-02T08:00:00Z',
      created_by: 4,
      last_message: null,
      ...patch,
    },
    id,
  );
const chatMessage = (id: string, userId: number, text: string, at: string, patch: object = {}) =>
  resource(
    'chat-messages',
    {
      chat_id: 7,
      user_id: userId,
      user_name: userId === 4 ? 'Ayu Lestari' : 'Budi Santoso',
      user_thumbnail: null,
      message: text,
      reply_message_id: null,
      created_at: at,
      ...patch,
    },
    id,
  );
/** A message as the socket pushes it (the resource's attributes with its numeric id). */
const pushed = (message: ReturnType<typeof chatMessage>) => ({
  id: Number(message.id),
  ...message.attributes,
});

describe('chat', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the rooms with unread marks, opens one (reading it) and answers a message live while typing goes on', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/message': () =>
        json(
          200,
          many([
            room(
              {
                unread: [4],
                updatedAt: '2026-03-02T09:00:00Z',
                last_message: {
                  id: 50,
                  user_id: 5,
                  user_name: 'Budi Santoso',
                  message: 'Are you coming?',
                  created_at: '2026-03-02T09:00:00Z',
                },
              },
              '7',
            ),
            room(
              {
                room_type: 'group',
                name: 'Study group',
                users: [chatUser(4, 'Ayu Lestari'), chatUser(5, 'Budi'), chatUser(6, 'Citra')],
              },
              '8',
            ),
          ]),
        ),
      'GET /api/message/7': () =>
        json(200, {
          ...one(room({}, '7')),
          meta: {
            messages: many([
              chatMessage('49', 4, 'Hi Budi', '2026-03-02T08:59:00Z'),
              chatMessage('50', 5, 'Are you coming?', '2026-03-02T09:00:00Z'),
            ]),
            has_more: false,
          },
        }),
      'PATCH /api/notifications': () =>
        json(200, one(resource('notification-counts', { unread: 0, marked: 1 }, '4'))),
      'POST /api/message/message': () =>
        json(
          201,
          one(chatMessage('52', 4, 'Yes, at nine', '2026-03-02T09:02:00Z', { reply_message_id: 50 })),
        ),
    });
    const router = start('/chat');
    const rooms = await screen.findByRole('navigation', { name: 'Conversations' });
    const links = await within(rooms).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Budi SantosounreadAre you coming\?/),
      expect.stringMatching(/^Study groupNo message yet/),
    ]);
    // the socket is connecting: the screen says so until it is live
    expect(screen.getByText('Connecting…')).toBeTruthy();
    push((socket) => socket.live(true));
    expect(await screen.findByText('Connected')).toBeTruthy();

    fireEvent.click(links[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/7'));
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Hi Budi', 'Are you coming?']);
    const read = await waitFor(() => calls.find((call) => call.method === 'PATCH')!);
    expect(queryOf(read)).toBe('type=MESSAGE&objectId=7');

    // reply to Budi, and keep typing while his next message arrives
    fireEvent.click(within(log).getByRole('button', { name: 'Reply to Budi Santoso' }));
    const field = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.change(field, { target: { value: 'Yes, at nine' } });
    push((socket) =>
      socket.messagesUpdate({
        chatId: '7',
        messages: [pushed(chatMessage('51', 5, 'Room 204', '2026-03-02T09:01:00Z'))],
      }),
    );
    expect(await within(log).findByText('Room 204')).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('Yes, at nine');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await within(log).findByText('Yes, at nine')).toBeTruthy();
    expect(within(log).getByText('In reply to Budi Santoso: Are you coming?')).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');
    const posted = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/message/message')!;
    expect(await attributesOf(posted)).toEqual({ chatId: 7, message: 'Yes, at nine', reply_message_id: 50 });

    // a message in the other room marks it unread; the open room stays read
    push((socket) =>
      socket.roomUpdate({
        chatId: '8',
        unread: [4],
        updatedAt: '2026-03-02T09:05:00Z',
        last_message: pushed(chatMessage('60', 6, 'Meeting at ten', '2026-03-02T09:05:00Z', { chat_id: 8 })),
      }),
    );
    const group = within(rooms).getByRole('link', { name: /Study group/ });
    expect(await within(group).findByText('unread')).toBeTruthy();
    expect(within(group).getByText('Meeting at ten')).toBeTruthy();
    expect(within(rooms).getAllByRole('link')[0]).toBe(group);
    push((socket) => socket.live(false));
    expect(await screen.findByText(/Connection lost: trying again/)).toBeTruthy();
  });
});

const alert = (patch: object, id: string) =>
  resource(
    'notifications',
    {
      type: 'EXAM',
      objectId: 31,
      isRead: 0,
      course_id: 3,
      link: '/exam/31',
      data: { course: 'Algorithms and Programming', name: 'Midterm' },
      created_at: '2026-03-02T08:00:00Z',
      ...patch,
    },
    id,
  );

describe('notifications', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('counts the unread ones on the bell, lists the newest with their screens and marks them all read', async () => {
    let unread = 2;
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/notifications/:userId': () =>
        json(200, {
          ...many(
            [
              alert({ isRead: unread > 0 ? 0 : 1 }, '1'),
              alert(
                {
                  type: 'ANNOUNCEMENT',
                  objectId: 9,
                  link: '/announcements?course=3',
                  isRead: 1,
                  data: { course: 'Databases', title: 'Exam moved' },
                },
                '2',
              ),
            ],
            2,
          ),
          meta: { total: 2, unread },
        }),
      'PATCH /api/notifications': () => {
        unread = 0;
        return json(200, one(resource('notification-counts', { unread: 0, marked: 2 }, '4')));
      },
    });
    start('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('bell-count').textContent).toBe('2');
    fireEvent.click(bell);
    await screen.findByText('Mark all as read');
    const panel = screen.getByText('Mark all as read').closest('div')!.parentElement!;
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('href'), link.textContent]),
    ).toEqual([
      ['/exam/31', 'Unread: Exam “Midterm” of Algorithms and Programming is published2 Mar 2026, 08:00'],
      ['/announcements?course=3', 'New announcement in Databases: Exam moved2 Mar 2026, 08:00'],
      ['/notification', 'Open notifications'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Every notification is marked as read.')).toBeTruthy();
    await screen.findByRole('button', { name: 'Notifications' });
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(new URL(patch.url).search).toBe('');
  });

  it('lists every notification on its page, each opening its screen', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/notifications/:userId': () =>
        json(200, {
          ...many(
            [
              alert({}, '1'),
              alert(
                {
                  type: 'TASK_SCORED',
                  objectId: 12,
                  link: '/assignment/12',
                  data: { score: 88, course: 'Databases' },
                },
                '3',
              ),
              alert(
                {
                  type: 'CARD_DUE',
                  objectId: 40,
                  course_id: null,
                  link: '/workspace/project-detail/5',
                  data: { card: 'Write the report', project: 'Library app', due: '2026-12-01 14:00:00' },
                },
                '4',
              ),
            ],
            12,
          ),
          meta: { total: 12, unread: 2 },
        }),
      'PATCH /api/notifications': () =>
        json(200, one(resource('notification-counts', { unread: 1, marked: 1 }, '4'))),
      'GET /api/course/tasks/12': () => json(404, { errors: [{ status: '404' }] }),
    });
    const router = start('/notification');
    expect(await screen.findByText(/2 unread/)).toBeTruthy();
    const scored = await screen.findByRole('link', { name: /Your answer in Databases was scored: 88/ });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    // a card due soon: its due date as the campus's wall clock, in the interface's format
    expect(
      screen.getByRole('link', { name: /“Write the report” in Library app is due 1 Dec 2026, 14:00/ }),
    ).toBeTruthy();
    fireEvent.click(scored);
    await waitFor(() => expect(router.state.location.pathname).toBe('/assignment/12'));
    const read = await waitFor(() => calls.find((call) => call.method === 'PATCH')!);
    expect(queryOf(read)).toBe('type=TASK_SCORED&objectId=12');
  });
});

const announcement = (patch: object, id: string) =>
  resource(
    'announcements',
    {
      course_id: 3,
      urgency: 'high',
      start_at: '2026-03-01T00:00:00Z',
      end_at: '2026-03-08T00:00:00Z',
      announcement: '<p>No class on Monday.</p>',
      announcements_type: 'popup',
      creator_name: 'Dewi Lecturer',
      is_active: true,
      seen: false,
      can_edit: false,
      ...patch,
    },
    id,
  );

describe('announcements', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('shows a popup once: closing it marks it seen and it does not come back', async () => {
    let seen = false;
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/course/announcements/popups': () => json(200, many(seen ? [] : [announcement({}, '40')])),
      'GET /api/course/announcements': () => json(200, many([announcement({ seen }, '40')])),
      'GET /api/course/courses/3': () => json(200, one(course({ name: 'Algorithms and Programming' }, '3'))),
      'POST /api/course/announcements/40/seen': () => {
        seen = true;
        return json(204, null);
      },
      'GET /api/course/courses': () => json(200, many([course({ name: 'Algorithms and Programming' }, '3')])),
    });
    const router = start('/');
    const popup = await screen.findByRole('alertdialog', {
      name: 'Announcement · Algorithms and Programming',
    });
    expect(within(popup).getByText('No class on Monday.')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(
      calls.some((call) => call.method === 'POST' && pathOf(call) === '/api/course/announcements/40/seen'),
    ).toBe(true);
    await act(() => router.navigate('/announcements'));
    expect(await screen.findByText('No class on Monday.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lets a lecturer publish an announcement, checking its window first', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/course/courses': () => json(200, many([course({ name: 'Algorithms and Programming' }, '3')])),
      'POST /api/course/announcements': () =>
        json(201, one(announcement({ announcements_type: 'section' }, '41'))),
    });
    const router = start('/announcements/new?course=3');
    expect(await screen.findByRole('heading', { name: 'New announcement', level: 1 })).toBeTruthy();
    await screen.findByRole('option', { name: 'Algorithms and Programming' });
    fireEvent.change(screen.getByLabelText('Shown until'), { target: { value: '2020-01-01T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Write the announcement. The window must end after it starts.'),
    ).toBeTruthy();
    const posts = () =>
      calls.filter((call) => call.method === 'POST' && pathOf(call) === '/api/course/announcements');
    expect(posts()).toHaveLength(0);
    await screen.findByRole('textbox', { name: 'Announcement' });
    const editor = screen.getByRole('textbox', { name: 'Announcement' });
    editor.innerHTML = '<p>Bring your laptop.</p>';
    fireEvent.input(editor);
    fireEvent.change(screen.getByLabelText('Shown until'), { target: { value: '2099-01-01T08:00' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Urgency' }), { target: { value: 'low' } });
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
      expect(posts()).toHaveLength(1);
    });
    await waitFor(() => expect(router.state.location.search).toBe('?course=3'));
    const posted = await attributesOf(posts()[0]);
    expect(posted).toMatchObject({
      course_id: 3,
      urgency: 'low',
      announcements_type: 'section',
      end_at: '2099-01-01 08:00:00',
    });
    expect(String(posted.announcement)).toContain('Bring your laptop.');
  });
});

const news = (title: string, id: string) =>
  resource(
    'news',
    {
      title,
      contents: `<p>About ${title}.</p><p>Second part.</p>`,
      tags: ['Campus'],
      thumbnail: null,
      is_published: true,
      published_at: '2026-03-01T08:00:00Z',
    },
    id,
  );

describe('news', () => {
  afterEach(() => cleanup());

  it('shows the three latest news on the landing page, each readable without signing in', async () => {
    const calls = serve({
      'GET /api/public/news': () =>
        json(200, many([news('Open day', '1'), news('New library', '2'), news('Graduation', '3')])),
      'GET /api/public/news/1': () => json(200, one(news('Open day', '1'))),
      'GET /api/public/courses': () => json(200, many([])),
    });
    start('/home-landing');
    const strip = await screen.findByRole('region', { name: 'Latest news' });
    expect(within(strip).getByText('About Graduation. Second part.')).toBeTruthy();
    expect(
      within(strip)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Open day', 'New library', 'Graduation']);
    const listed = calls.find((call) => pathOf(call) === '/api/public/news')!;
    expect(queryOf(listed)).toBe(
      'filter[is_published][is]=true&sort=-published_at&page[limit]=3&page[offset]=0',
    );
    fireEvent.click(within(strip).getByRole('link', { name: 'Open day' }));
    expect(await screen.findByRole('heading', { name: 'Open day', level: 1 })).toBeTruthy();
    const article = screen.getByRole('article');
    expect(article.textContent).toMatch(/About Open day\.Second part\./);
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('Campus')).toBeTruthy();
  });
});

const authored = (title: string, id: string, published: boolean) =>
  resource(
    'news',
    {
      ...news(title, id).attributes,
      is_published: published,
      published_at: published ? '2026-03-01T08:00:00Z' : null,
      updated_at: '2026-03-01T08:00:00Z',
    },
    id,
  );

describe('news authoring', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the campus news with drafts, searches by title, publishes and withdraws', async () => {
    let published = true;
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/course/news': () =>
        json(200, {
          ...many([authored('Open day', '1', published), authored('Library hours', '2', false)]),
        }),
      'PATCH /api/course/news/:id': async (request) => {
        published = Boolean((await attributesOf(request)).is_published);
        return json(200, one(authored('Open day', '1', published)));
      },
    });
    start('/news/manage');
    expect(await screen.findByRole('heading', { name: 'Manage news', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(screen.getByText('Published 1 Mar 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw “Open day”' }));
    expect(await screen.findByText('News item “Open day” withdrawn.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(pathOf(patch)).toBe('/api/course/news/1');
    expect(await screen.findByRole('button', { name: 'Publish “Open day”' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title' }), {
      target: { value: 'Lib' },
    });
    await waitFor(() =>
      expect(calls.some((call) => queryOf(call).includes('filter[title][like]=Lib'))).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Edit “Library hours”' }).getAttribute('href')).toBe(
      '/news/manage/2/edit',
    );
  });

  it('writes a news item with its tags, publishing it at once when asked', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/course/news': () => json(200, many([])),
      'POST /api/course/news': () => json(201, one(authored('Graduation', '5', true))),
    });
    const router = start('/news/manage/new');
    expect(await screen.findByRole('heading', { name: 'New news item', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: `Campus, ${'x'.repeat(51)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Give the news item a title. Write the news item. A tag is longer than 50 characters.',
      ),
    ).toBeTruthy();
    const posts = () => calls.filter((call) => call.method === 'POST' && pathOf(call) === '/api/course/news');
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: ' Graduation ' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'Campus, Events, , Campus' } });
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    editor.innerHTML = '<p>On the lawn.</p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish now (otherwise it stays a draft)' }));
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(posts()).toHaveLength(1);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/manage'));
    const posted = await attributesOf(posts()[0]);
    expect(posted).toMatchObject({
      title: 'Graduation',
      tags: ['Campus', 'Events'],
      thumbnail: null,
      is_published: true,
    });
    expect(String(posted.contents)).toContain('On the lawn.');
    expect(await screen.findByText('News item “Graduation” published.')).toBeTruthy();
  });
});

describe('browser notifications', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('offers push on the account page, says when this browser cannot, and turns it off', async () => {
    const settings = (push: boolean) =>
      json(
        200,
        one(
          resource(
            'notification-settings',
            { push, mail: true, notification_email: null, push_public_key: 'BPublicKey' },
            '4',
          ),
        ),
      );
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/v2/notification/notifications/settings': () => settings(true),
      'PATCH /api/v2/notification/notifications/settings': () => settings(false),
    });
    start('/settings/account');
    const push = await screen.findByRole('region', { name: 'Browser notifications' });
    expect(await within(push).findByText('Browser notifications are on for this browser.')).toBeTruthy();
    fireEvent.click(within(push).getByRole('button', { name: 'Turn off browser notifications' }));
    expect(await within(push).findByText('Browser notifications are off.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(await attributesOf(patch)).toEqual({ push: false });
    // jsdom has no service worker: this browser cannot receive pushes, and nothing is registered
    fireEvent.click(within(push).getByRole('button', { name: 'Turn on browser notifications' }));
    expect(await within(push).findByText('This browser cannot show notifications.')).toBeTruthy();
    expect(calls.some((call) => pathOf(call).endsWith('/notifications/tokens'))).toBe(false);
  });
});
