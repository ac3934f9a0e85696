import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, errorDocument, many, moduleOf, one, related, resource, user, wall } from '../test/factories';
import { json, queryOf, serve } from '../test/server';

/**
 * The presence service's socket, as the page sees it through socket.io-client: each `io()` is a
 * socket whose acknowledgements the test answers (`answer`) and whose pushes it sends (`push`);
 * everything the page emits is kept in `sent`. The HTTP calls go through Mock Service Worker.
 */
const { sockets, FakeSocket } = vi.hoisted(() => {
  type Listener = (payload?: unknown) => void;
  class FakeSocket {
    listeners = new Map<string, Listener[]>();
    sent: Array<[string, unknown]> = [];
    active = true;
    closed = false;
    answer: (event: string, body: unknown) => unknown = () => ({});
    constructor(
      public options: { path: string; transports: string[]; auth: (send: (data: object) => void) => void },
    ) {}
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    timeout() {
      return this;
    }
    emitWithAck(event: string, body: unknown) {
      this.sent.push([event, body]);
      return Promise.resolve(this.answer(event, body));
    }
    disconnect() {
      this.closed = true;
    }
    push(event: string, payload?: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    }
  }
  return { sockets: [] as FakeSocket[], FakeSocket };
});

vi.mock('socket.io-client', () => ({
  io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));
const student = () =>
  json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' }, '4')));

const quiz = resource('activities', { name: 'Sorting quiz', index: 0, is_active: true }, '71');
const week3 = related(moduleOf({ name: 'Week 3', index: 0 }, '41'), { activities: [quiz] });
const dewi = resource('lecturers', { user_id: 2, name: 'Dewi Lecturer' }, 'l1');
const eko = resource('assistants', { user_id: 6, name: 'Eko Assistant', is_coordinator: false }, 'a1');
/** The course with its lecturer, an assistant and a module with one activity. */
const courseOf = (status: string) => () => {
  const withModules = related(course({ name: 'Algorithms and Programming', code: 'IF101', status }, '3'), {
    modules: [week3],
    assistant: [eko],
  });
  return json(
    200,
    one(
      {
        ...withModules,
        relationships: { ...withModules.relationships, lecturer: { data: { type: dewi.type, id: dewi.id } } },
      },
      [week3, quiz, dewi, eko],
    ),
  );
};

const roomAttributes = (patch: object = {}) => ({
  course_id: 3,
  activity_id: null,
  type: 'live',
  title: 'Week 3: sorting',
  description: 'Merge sort, live.',
  start_at: wall(-10 * 60_000),
  end_at: wall(80 * 60_000),
  videos: [{ title: 'Merge sort', url: 'https://media.example.org/merge.mp4' }],
  host: [2],
  presence_id: null,
  ended_at: null,
  is_ended: false,
  video: { index: 0, position: 30, playing: false, at: '2026-03-02T08:10:00.000Z' },
  is_host: true,
  can_edit: true,
  ...patch,
});
const room = (patch: object = {}, id = '9') => resource('crs', roomAttributes(patch), id);

const chat = (id: number, name: string, message: string, reply: object | null = null) => ({
  id,
  room_id: 9,
  user_id: id + 100,
  user_name: name,
  message,
  reply_chat_id: reply ? (reply as { id: number }).id : null,
  reply,
  created_at: '2026-03-02 08:11:00',
});

const vote = (patch: object = {}) => ({
  id: 21,
  room_id: 9,
  question: 'Which sort is stable?',
  vote_type: 'single',
  duration: 60,
  started_at: wall(0),
  // wall() is to the minute: two minutes on, so at least one is left however slow the run
  ends_at: wall(2 * 60_000),
  is_open: true,
  answers: [
    { answer: 'Quick sort', score: 0, count: 0 },
    { answer: 'Merge sort', score: 10, count: 0 },
  ],
  total: 0,
  my_answer: null,
  my_score: null,
  ...patch,
});

const asResource = (type: string) => (row: { id: number }) => {
  const { id, ...attributes } = row;
  return resource(type, attributes, String(id));
};

const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
const pathOf = (request: Request) => new URL(request.url).pathname;

/** The live classroom's socket the page opened, once it is there (the header has the chat's). */
async function theSocket() {
  const ofRoom = () => sockets.filter((socket) => socket.options.path === '/socket/crs');
  await waitFor(() => expect(ofRoom()).toHaveLength(1));
  return ofRoom()[0];
}

describe('live classroom pages', () => {
  beforeEach(() => {
    signedIn();
    sockets.length = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => cleanup());

  it('lists the live classes of a course and lets its lecturer plan, check and delete one', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': courseOf('LECTURER'),
      'GET /api/crs/crs': () =>
        json(
          200,
          many([
            room(),
            room({ title: 'Week 2: lists', is_ended: true, ended_at: wall(-86_400_000) }, '8'),
            room({ title: 'Week 4: trees', start_at: wall(86_400_000), end_at: wall(90_000_000) }, '10'),
          ]),
        ),
      'POST /api/crs/crs': async (request) => json(201, one(room(await attributesOf(request), '11'))),
      'DELETE /api/crs/crs/8': () => json(204, {}),
      'GET /api/course/presences': () =>
        json(
          200,
          many([
            resource(
              'presences',
              { class_name: 'IF101-A', act_code: 'P05', start_at: '2026-03-30 08:00:00', course_id: 3 },
              '12',
            ),
          ]),
        ),
    });
    start('/courses/3/crs');
    const live = await screen.findByRole('article', { name: 'Week 3: sorting Live now' });
    expect(within(live).getByRole('link', { name: 'Join “Week 3: sorting”' }).getAttribute('href')).toBe(
      '/crs/9',
    );
    const ended = screen.getByRole('article', { name: 'Week 2: lists Ended' });
    // an ended class is only read: its results, no joining
    expect(within(ended).queryByRole('link', { name: /Join/ })).toBeNull();
    expect(within(ended).getByRole('link', { name: 'Results of “Week 2: lists”' }).getAttribute('href')).toBe(
      '/crs/8/result',
    );
    expect(screen.getByRole('article', { name: 'Week 4: trees Upcoming' })).toBeTruthy();
    const list = calls.find((call) => pathOf(call) === '/api/crs/crs')!;
    expect(queryOf(list)).toBe('filter[course_id][is]=3&sort=-start_at&page[limit]=10&page[offset]=0');

    fireEvent.click(screen.getByRole('button', { name: 'New live class' }));
    const form = screen.getByRole('form', { name: 'New live class' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Title')));
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type('Title', 'Week 5: graphs');
    type('Starts', '2026-03-30T08:00');
    type('Ends', '2026-03-30T07:00');
    type('Videos', 'https://media.example.org/bfs.mp4\nftp://old.example.org/dfs.mp4');
    fireEvent.click(within(form).getByRole('button', { name: 'Save live class' }));
    expect(within(form).getByText('It must end after it starts.')).toBeTruthy();
    expect(within(form).getByLabelText('Ends').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(/Each line must be a video address/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && pathOf(call) === '/api/crs/crs')).toBe(false);

    type('Ends', '2026-03-30T09:40');
    type('Videos', 'https://media.example.org/bfs.mp4\n\n');
    // the activity, the session whose attendance joining marks, and the hosts among the course's staff
    fireEvent.change(within(form).getByRole('combobox', { name: 'Activity' }), { target: { value: '71' } });
    await within(form).findByRole('option', { name: 'IF101-A · P05 · 30 Mar 2026, 08:00' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Live attendance' }), {
      target: { value: '12' },
    });
    const hosts = within(form).getByRole('group', { name: 'Hosts' });
    fireEvent.click(within(hosts).getByRole('checkbox', { name: /Dewi Lecturer/ }));
    fireEvent.click(within(hosts).getByRole('checkbox', { name: /Eko Assistant/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save live class' }));
    expect(await screen.findByText('Live class “Week 5: graphs” created.')).toBeTruthy();
    const created = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/crs/crs')!;
    expect(await attributesOf(created)).toEqual({
      course_id: 3,
      title: 'Week 5: graphs',
      description: null,
      start_at: '2026-03-30 08:00:00',
      end_at: '2026-03-30 09:40:00',
      videos: [{ url: 'https://media.example.org/bfs.mp4' }],
      activity_id: 71,
      presence_id: 12,
      host: [2, 6],
    });

    fireEvent.click(within(ended).getByRole('button', { name: 'Delete “Week 2: lists”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the live class “Week 2: lists”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Live class “Week 2: lists” deleted.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && pathOf(call) === '/api/crs/crs/8')).toBe(true);
  });

  it('gives the host the room: chat with replies, a vote with live results, play and pause for everyone, the end', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/crs/crs/9': () => json(200, one(room())),
      'GET /api/crs/crs/9/messages': () =>
        json(
          200,
          many(
            [chat(2, 'Ayu Lestari', 'Is merge sort in place?'), chat(1, 'Dewi Lecturer', 'Welcome!')].map(
              asResource('crs-messages'),
            ),
            32,
          ),
        ),
      'GET /api/crs/vote': () => json(200, many([])),
    });
    start('/crs/9');
    const socket = await theSocket();
    expect(socket.options.path).toBe('/socket/crs');
    expect(socket.options.transports).toEqual(['websocket']);
    let token: object = {};
    socket.options.auth((data) => (token = data));
    expect(token).toEqual({ token: 't1' });

    socket.answer = (event, body) => {
      if (event === 'join')
        return {
          room: one(room()),
          role: 'host',
          video: { index: 0, position: 30, playing: false, at: '2026-03-02T08:10:00.000Z' },
          participants: [
            { user_id: 2, name: 'Dewi Lecturer', is_host: true },
            { user_id: 4, name: 'Ayu Lestari', is_host: false },
          ],
        };
      if (event === 'msg')
        return chat(3, 'Dewi Lecturer', (body as { message: string }).message, {
          id: 2,
          user_name: 'Ayu Lestari',
          message: 'Is merge sort in place?',
        });
      if (event === 'newVote') {
        const { type, ...asked } = body as { type: string };
        return vote({ ...asked, vote_type: type });
      }
      if (event === 'playVideo' || event === 'pauseVideo')
        return {
          index: 0,
          position: (body as { position: number }).position,
          playing: event === 'playVideo',
          at: '',
        };
      if (event === 'end') return { room_id: 9, ended_at: wall(0) };
      return {};
    };
    expect(screen.getByTestId('connection-state').textContent).toBe('Connecting…');
    act(() => socket.push('connect'));
    expect(socket.sent[0]).toEqual(['join', { room_id: 9 }]);
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Live'));
    const people = screen.getByRole('region', { name: 'In the room (2)' });
    expect(within(people).getByText('Dewi Lecturer').textContent).toContain('host');

    // the chat: the latest messages oldest first, the earlier ones on demand, a reply quoting its message
    const log = await screen.findByRole('log', { name: 'Chat' });
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p:last-of-type')?.textContent),
      ).toEqual(['Welcome!', 'Is merge sort in place?']),
    );
    expect(screen.getByRole('button', { name: 'Show 30 earlier messages' })).toBeTruthy();
    const history = calls.find((call) => pathOf(call) === '/api/crs/crs/9/messages')!;
    expect(queryOf(history)).toBe('page[limit]=30&page[offset]=0');
    expect(queryOf(calls.find((call) => pathOf(call) === '/api/crs/vote')!)).toBe(
      'roomId=9&page[limit]=10&page[offset]=0',
    );
    fireEvent.click(
      within(log).getByRole('button', { name: 'Reply to Ayu Lestari: Is merge sort in place?' }),
    );
    expect(screen.getByText('Replying to Ayu Lestari: Is merge sort in place?')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'No, it needs a buffer.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(socket.sent).toContainEqual(['msg', { message: 'No, it needs a buffer.', reply_chat_id: 2 }]),
    );
    // everybody (the sender too) receives it as a push
    act(() =>
      socket.push(
        'msg',
        chat(3, 'Dewi Lecturer', 'No, it needs a buffer.', {
          id: 2,
          user_name: 'Ayu Lestari',
          message: 'Is merge sort in place?',
        }),
      ),
    );
    const reply = await within(log).findByText('No, it needs a buffer.');
    expect(reply.closest('li')!.querySelector('blockquote')!.textContent).toBe(
      'In reply to Ayu Lestari:Ayu Lestari: Is merge sort in place?',
    );
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);

    // a vote: the answers' points default to 10, the results grow as the students answer
    fireEvent.click(screen.getByText('New vote'));
    const voteForm = screen.getByRole('form', { name: 'New vote' });
    fireEvent.change(within(voteForm).getByLabelText('Question'), {
      target: { value: 'Which sort is stable?' },
    });
    fireEvent.change(within(voteForm).getByLabelText('Answer 1'), { target: { value: 'Quick sort' } });
    fireEvent.change(within(voteForm).getByLabelText('Points of answer 1'), { target: { value: '0' } });
    fireEvent.click(within(voteForm).getByRole('button', { name: 'Start the vote' }));
    expect(within(voteForm).getByRole('alert').textContent).toBe('Give at least two answers.');
    fireEvent.change(within(voteForm).getByLabelText('Answer 2'), { target: { value: 'Merge sort' } });
    fireEvent.click(within(voteForm).getByRole('button', { name: 'Start the vote' }));
    await waitFor(() =>
      expect(socket.sent).toContainEqual([
        'newVote',
        {
          question: 'Which sort is stable?',
          type: 'single',
          answers: [
            { answer: 'Quick sort', score: 0 },
            { answer: 'Merge sort', score: 10 },
          ],
          duration: 60,
        },
      ]),
    );
    const card = await screen.findByRole('article', { name: 'Which sort is stable?' });
    act(() =>
      socket.push(
        'voteResult',
        vote({
          total: 3,
          answers: [
            { answer: 'Quick sort', score: 0, count: 1 },
            { answer: 'Merge sort', score: 10, count: 2 },
          ],
        }),
      ),
    );
    const bars = await within(card).findByRole('list', { name: 'Results: 3 answers' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quick sort · 0 points1 (33%)', 'Merge sort · 10 points2 (67%)']);

    // the video: paused at 0:30 for everyone; the host plays it from there
    expect(screen.getByText('Paused at 0:30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play for everyone' }));
    await waitFor(() => expect(socket.sent).toContainEqual(['playVideo', { position: 30, video_index: 0 }]));
    expect(await screen.findByText('Playing')).toBeTruthy();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pause for everyone' }));
    await waitFor(() => expect(socket.sent.some(([event]) => event === 'pauseVideo')).toBe(true));

    // the connection drops and comes back: the page says so
    act(() => socket.push('disconnect'));
    expect(screen.getByTestId('connection-state').textContent).toBe('Reconnecting…');
    act(() => socket.push('connect'));
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Live'));

    fireEvent.click(screen.getByRole('button', { name: 'End the class' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End “Week 3: sorting” for everyone?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the class' }));
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Ended'));
    expect(socket.sent).toContainEqual(['end', {}]);
    expect(screen.getByLabelText('Message')).toHaveProperty('disabled', true);
  });

  it('lets a student follow the host: a late joiner starts where the video is, answers a vote once', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/crs/crs/9': () => json(200, one(room({ is_host: false, can_edit: false }))),
      'GET /api/crs/crs/9/messages': () => json(200, many([])),
      'GET /api/crs/vote': () => json(200, many([])),
    });
    start('/crs/9');
    const socket = await theSocket();
    socket.answer = (event, body) => {
      if (event === 'join')
        return {
          room: one(room({ is_host: false, can_edit: false })),
          role: 'student',
          // the host played it 12 s before this student came in
          video: { index: 0, position: 42, playing: true, at: '2026-03-02T08:10:00.000Z' },
          participants: [{ user_id: 4, name: 'Ayu Lestari', is_host: false }],
          attendance: 'not_open_yet',
        };
      if (event === 'msg')
        return {
          errors: [
            {
              status: '429',
              code: 'crs_chat_too_fast',
              detail: 'At most 5 messages every 5 seconds; try again in 3 seconds',
              meta: { retry_after: 3, limit: 5, window_seconds: 5 },
            },
          ],
        };
      if (event === 'answerVote')
        return vote({
          my_answer: [(body as { answer: number }).answer],
          my_score: 10,
          total: 1,
          answers: [
            { answer: 'Quick sort', score: null, count: 0 },
            { answer: 'Merge sort', score: null, count: 1 },
          ],
        });
      return {};
    };
    act(() => socket.push('connect'));
    expect(await screen.findByText('Playing')).toBeTruthy();
    expect(screen.getByTestId('video-position').textContent).toBe('0:42');
    // the join's answer about the linked presence session, said to the student
    expect(screen.getByTestId('live-attendance').textContent).toBe(
      'You are not marked present yet: the check-in of this class session is not open. Join again once it opens.',
    );
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    // each one mutes their own player
    const mute = screen.getByRole('button', { name: 'Mute' });
    fireEvent.click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('video')!.muted).toBe(true);
    // the host's controls are not offered
    expect(screen.queryByRole('button', { name: 'Play for everyone' })).toBeNull();
    expect(screen.queryByText('New vote')).toBeNull();
    expect(screen.queryByRole('button', { name: 'End the class' })).toBeNull();

    // a message refused for the chat's pace: the wait said in the interface language, the text kept
    const field = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'One more question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'You are writing fast: at most 5 messages every 5 seconds. Send it again in 3 seconds.',
      ),
    ).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('One more question');

    act(() => socket.push('pauseVideo', { room_id: 9, index: 0, position: 50.4, playing: false, at: '' }));
    expect(await screen.findByText('Paused at 0:50')).toBeTruthy();

    act(() =>
      socket.push(
        'newVote',
        vote({
          answers: [
            { answer: 'Quick sort', score: null, count: 0 },
            { answer: 'Merge sort', score: null, count: 0 },
          ],
        }),
      ),
    );
    const card = await screen.findByRole('article', { name: 'Which sort is stable?' });
    expect(within(card).getByText(/^\d:\d\d left · One answer$/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(within(card).getByRole('alert').textContent).toBe('Choose an answer first.');
    fireEvent.click(within(card).getByRole('radio', { name: 'Merge sort' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(await within(card).findByText('You answered (10 points).')).toBeTruthy();
    expect(socket.sent).toContainEqual(['answerVote', { vote_id: 21, answer: 1 }]);
    // answered once: no second form, the results with their own answer marked
    expect(within(card).queryByRole('button', { name: 'Send my answer' })).toBeNull();
    const bars = within(card).getByRole('list', { name: 'Results: 1 answer' });
    expect(within(bars).getAllByRole('listitem')[1].textContent).toBe('Merge sortyour answer1 (100%)');
    // the counts go on live after the student answered (their own answer kept)
    act(() =>
      socket.push(
        'voteResult',
        vote({
          total: 2,
          answers: [
            { answer: 'Quick sort', score: null, count: 1 },
            { answer: 'Merge sort', score: null, count: 1 },
          ],
        }),
      ),
    );
    const live = await within(card).findByRole('list', { name: 'Results: 2 answers' });
    expect(within(live).getAllByRole('listitem')[1].textContent).toBe('Merge sortyour answer1 (50%)');

    act(() => socket.push('end', { room_id: 9, ended_at: wall(0) }));
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Ended'));
    expect(screen.getByText('This live class has ended. Its chat and votes stay readable.')).toBeTruthy();
  });

  it('says why the room refused the reader, and a room that is not theirs is not found', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/crs/crs/9': () => json(200, one(room({ is_host: false }))),
      'GET /api/crs/crs/77': () =>
        json(404, errorDocument(404, 'Not Found', { detail: 'Live classroom not found' })),
    });
    start('/crs/9');
    const socket = await theSocket();
    socket.answer = () =>
      errorDocument(409, 'Conflict', { detail: 'This live classroom ended at 2026-03-02 09:00' });
    act(() => socket.push('connect'));
    expect(
      (await screen.findByText('This live classroom ended at 2026-03-02 09:00')).getAttribute('role'),
    ).toBe('alert');
    expect(screen.getByTestId('connection-state').textContent).toBe('Not connected');
    cleanup();

    // a room not open yet says when it opens, in the interface language; a closed one that it is over
    for (const [answer, said] of [
      [
        {
          status: '409',
          code: 'crs_not_started',
          detail: 'This live classroom opens at 2026-03-02 09:00:00',
          meta: { opens_at: '2026-03-02 09:00:00' },
        },
        'This live class opens at 2 Mar 2026, 09:00. Come back then.',
      ],
      [
        { status: '409', code: 'crs_closed', detail: 'closed', meta: { closed_at: '2026-03-02 07:00:00' } },
        'This live class is over: its time has passed.',
      ],
    ] as const) {
      sockets.length = 0;
      start('/crs/9');
      const later = await theSocket();
      later.answer = () => ({ errors: [answer] });
      act(() => later.push('connect'));
      expect((await screen.findByText(said)).getAttribute('role')).toBe('alert');
      cleanup();
    }

    start('/crs/77');
    expect(await screen.findByRole('heading', { name: 'Live classroom not found' })).toBeTruthy();
    expect(screen.getByText('Live classroom not found', { selector: 'p' })).toBeTruthy();
  });

  it('shows the votes of a room on its result page and a lecturer its interactive-content results', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/crs/crs/9': () => json(200, one(room())),
      'GET /api/crs/vote': () =>
        json(
          200,
          many(
            [
              vote({
                is_open: false,
                total: 4,
                answers: [
                  { answer: 'Quick sort', score: 0, count: 1 },
                  { answer: 'Merge sort', score: 10, count: 3 },
                ],
              }),
            ].map(asResource('crs-votes')),
          ),
        ),
      'GET /api/public/crs/result/9': () =>
        json(
          200,
          many([
            resource(
              'crs-results',
              { content_id: 'h5p-12', name: 'Sorting quiz', attempt: 5, max: 100, min: 40, avg: 72.5 },
              'h5p-12',
            ),
            resource(
              'crs-results',
              { content_id: 'h5p-13', name: 'Trace merge', attempt: 0, max: null, min: null, avg: null },
              'h5p-13',
            ),
          ]),
        ),
    });
    start('/crs/9/result');
    expect(await screen.findByRole('heading', { name: 'Results of “Week 3: sorting”' })).toBeTruthy();
    const bars = await screen.findByRole('list', { name: 'Results: 4 answers' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quick sort · 0 points1 (25%)', 'Merge sort · 10 points3 (75%)']);
    fireEvent.click(screen.getByRole('link', { name: 'Interactive content result' }));

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ContentAttemptsHighestLowestAverage', 'Sorting quiz5100%40%72.5%', 'Trace merge0–––']);
    expect(screen.getByRole('figure', { name: 'Scores per content (%)' })).toBeTruthy();
    expect(calls.some((call) => pathOf(call) === '/api/public/crs/result/9')).toBe(true);
  });
});
