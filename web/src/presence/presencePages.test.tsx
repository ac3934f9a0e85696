import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, errorDocument, many, moduleOf, one, related, resource, user, wall } from '../test/factories';
import { json, queryOf, serve } from '../test/server';

const MINUTE = 60_000;

const student = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));
const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));

const classA = resource('classes', { name: 'IF101-A' }, '7');
const week1 = moduleOf({ name: 'Sets', index: 0 }, '41');
const week2 = moduleOf({ name: 'Functions', index: 1 }, '42');
const courseOf = (status: string) => () =>
  json(
    200,
    one(
      related(course({ name: 'Algorithms and Programming', code: 'IF101', status }, '3'), {
        class: [classA],
        modules: [week1, week2],
      }),
      [classA, week1, week2],
    ),
  );

const detail = (userId: number, name: string, type: string | null) => ({
  user_id: userId,
  code: `23010${userId}`,
  name,
  role: 'STUDENT',
  status: type === null ? null : type === 'attend' ? 1 : 0,
  type,
  marked_at: null,
  source: type === null ? null : 'manual',
});

const COUNTS = { attend: 20, sick: 1, absent: 2, leave: 0, other: 0, unmarked: 3, students: 26 };

const session = (patch: object = {}, id = '12') =>
  resource(
    'presences',
    {
      course_id: 3,
      class_id: 7,
      class_name: 'IF101-A',
      act_code: 'P01',
      start_at: '2026-03-02 08:00:00',
      end_at: '2026-03-02 09:40:00',
      presence_start: '2026-03-02 08:00:00',
      presence_end: '2026-03-02 08:30:00',
      note: null,
      topics: [{ id: 41, name: 'Sets', url: '/courses/3/preview/41' }],
      topic: 'Sets',
      url: '/courses/3/preview/41',
      is_sent: false,
      sent_at: null,
      check_in_code: 'K7Q2XF',
      is_open: false,
      counts: COUNTS,
      details: [],
      my_detail: null,
      can_edit: true,
      ...patch,
    },
    id,
  );

const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
const pathOf = (request: Request) => new URL(request.url).pathname;

describe('presence pages', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the classes by course with their sessions, and lets a lecturer start a session now', async () => {
    const klass = (patch: object, id: string) =>
      resource(
        'presence-classes',
        {
          course_id: 3,
          course_name: 'Algorithms and Programming',
          course_code: 'IF101',
          period_id: 5,
          class_id: 7,
          class_name: 'IF101-A',
          role: 'lecturer',
          sessions: 3,
          sent: 1,
          last_start_at: '2026-03-02 08:00:00',
          ...patch,
        },
        id,
      );
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/list': () =>
        json(
          200,
          many([
            klass({}, 'c1'),
            klass({ class_id: 8, class_name: 'IF101-B', sessions: 0, sent: 0, last_start_at: null }, 'c2'),
            klass(
              { course_id: 4, course_name: 'Databases', course_code: 'IF201', sessions: 1, sent: 0 },
              'c3',
            ),
          ]),
        ),
      'POST /api/presence': () => json(200, many([session({}, '30'), session({ class_id: 8 }, '31')])),
    });
    start('/presence');
    const algorithms = await screen.findByRole('region', { name: 'IF101 Algorithms and Programming' });
    expect(
      within(algorithms)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^Class IF101-ALatest session: .*3 sessions · 1 sent$/),
      'Class IF101-BNo session yet0 sessions · 0 sent',
    ]);
    expect(within(algorithms).getByRole('link', { name: 'Class IF101-B' }).getAttribute('href')).toBe(
      '/presence/3/8',
    );
    expect(screen.getByRole('region', { name: 'IF201 Databases' })).toBeTruthy();
    const list = calls.find((call) => pathOf(call) === '/api/course/presences/list')!;
    expect(queryOf(list)).toBe('page[limit]=10&page[offset]=0');

    fireEvent.click(
      within(algorithms).getByRole('button', {
        name: 'Start a session now in every class of Algorithms and Programming',
      }),
    );
    expect(await screen.findByText('2 sessions of Algorithms and Programming are open now.')).toBeTruthy();
    const opened = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/presence')!;
    expect(await attributesOf(opened)).toEqual({ period_id: 5, course_id: 3 });
  });

  it('shows a lecturer the sessions of a class by start, and plans a new one with its topics', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': courseOf('LECTURER'),
      'GET /api/course/presences': () =>
        json(200, many([session(), session({ act_code: null, start_at: '2026-03-09 08:00:00' }, '13')], 12)),
      'POST /api/course/presences': async (request) =>
        json(201, one(session({ ...(await attributesOf(request)), topics: [] }, '14'))),
    });
    start('/presence/3/7');
    const first = await screen.findByRole('article', { name: /^P01 2 Mar 2026, 08:00 – 09:40$/ });
    expect(within(first).getByText('K7Q2XF')).toBeTruthy();
    expect(
      within(first).getByText('20 present · 1 sick · 2 absent · 0 on leave · 0 other · 3 not marked'),
    ).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Sets' }).getAttribute('href')).toBe(
      '/courses/3/preview/41',
    );
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1 of 2');
    const page = calls.find(
      (call) => pathOf(call) === '/api/course/presences' && queryOf(call).includes('limit]=10'),
    )!;
    expect(queryOf(page)).toBe(
      'filter[course_id][is]=3&filter[class_id][is]=7&sort=start_at&page[limit]=10&page[offset]=0',
    );
    // the recap's charts read every session
    expect(await screen.findByRole('figure', { name: 'Marks per session' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Marks of all sessions by type' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    const form = screen.getByRole('heading', { name: 'New session' }).closest('form')!;
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Label')));
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type('Label', 'P03');
    type('Day', '31/02/2026');
    type('Starts', '08:00');
    type('Ends', '07:00');
    type('Check-in opens', '08:00');
    type('Check-in closes', '08:15');
    fireEvent.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(within(form).getByText('Type a day as dd/mm/yyyy, such as 02/03/2026.')).toBeTruthy();
    expect(within(form).getByLabelText('Day').getAttribute('aria-invalid')).toBe('true');
    type('Day', '16/03/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(within(form).getByText('The session must end after it starts.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && pathOf(call) === '/api/course/presences')).toBe(
      false,
    );

    type('Ends', '09:40');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Functions' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(await screen.findByText('Session of 16 Mar 2026, 08:00 created.')).toBeTruthy();
    const created = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/course/presences')!;
    expect(await attributesOf(created)).toEqual({
      course_id: 3,
      class_id: 7,
      act_code: 'P03',
      start_at: '2026-03-16 08:00:00',
      end_at: '2026-03-16 09:40:00',
      presence_start: '2026-03-16 08:00:00',
      presence_end: '2026-03-16 08:15:00',
      note: null,
      topic_ids: [42],
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'New session' })).toBeNull());
  });

  it('changes a session without its course and class, sends it after saying it is final, and exports the recap', async () => {
    let sent = false;
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': courseOf('LECTURER'),
      'GET /api/course/presences': () => json(200, many([session({ is_sent: sent })])),
      'PATCH /api/course/presences/12': async (request) =>
        json(200, one(session(await attributesOf(request)))),
      'PATCH /api/presence/12': () => {
        sent = true;
        return json(200, one(session({ is_sent: true })));
      },
      'GET /api/presence-export/recap/export/3/7': () =>
        json(
          200,
          one(
            resource(
              'presence-exports',
              {
                url: '/files/recap.xlsx?sig=1',
                filename: 'recap-IF101-A.xlsx',
                expires_at: wall(5 * MINUTE),
              },
              'x1',
            ),
          ),
        ),
    });
    start('/presence/3/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the session of 2 Mar 2026, 08:00' }));
    const form = screen.getByRole('heading', { name: 'Edit the session' }).closest('form')!;
    expect((within(form).getByLabelText('Day') as HTMLInputElement).value).toBe('02/03/2026');
    expect((within(form).getByRole('checkbox', { name: 'Sets' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Bring a laptop' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(await screen.findByText('Session of 2 Mar 2026, 08:00 saved.')).toBeTruthy();
    const changed = calls.find(
      (call) => call.method === 'PATCH' && pathOf(call) === '/api/course/presences/12',
    )!;
    expect(await attributesOf(changed)).toEqual({
      act_code: 'P01',
      start_at: '2026-03-02 08:00:00',
      end_at: '2026-03-02 09:40:00',
      presence_start: '2026-03-02 08:00:00',
      presence_end: '2026-03-02 08:30:00',
      note: 'Bring a laptop',
      topic_ids: [41],
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Send the session of 2 Mar 2026, 08:00' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send the session of 2 Mar 2026, 08:00?' });
    expect(dialog.textContent).toContain('Sending is final');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for good' }));
    expect(await screen.findByText('Session of 2 Mar 2026, 08:00 sent.')).toBeTruthy();
    const closing = calls.find((call) => pathOf(call) === '/api/presence/12')!;
    expect(await attributesOf(closing)).toEqual({ is_sent: 1 });
    // a sent session is final: no more edit or send, no code
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Edit the session/ })).toBeNull());
    expect(screen.queryByText('K7Q2XF')).toBeNull();
    expect(screen.getByText('Sent')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export the recap (.xlsx)' }));
    const again = await screen.findByRole('link', { name: 'Download recap-IF101-A.xlsx again' });
    expect(again.getAttribute('href')).toBe('/files/recap.xlsx?sig=1');
  });

  it('shows a student their own mark per session and checks them in with the code while the window is open', async () => {
    let checkedIn = false;
    const mine = (patch: object, id: string) =>
      session({ can_edit: false, check_in_code: null, counts: null, my_detail: null, ...patch }, id);
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/3': courseOf('STUDENT'),
      'GET /api/course/presences': () =>
        json(
          200,
          many([
            mine({ is_sent: true, my_detail: detail(4, 'Ayu Lestari', 'sick') }, '12'),
            mine(
              {
                act_code: 'P02',
                start_at: wall(-10 * MINUTE),
                end_at: wall(90 * MINUTE),
                presence_start: wall(-10 * MINUTE),
                presence_end: wall(20 * MINUTE),
                is_open: true,
                my_detail: detail(4, 'Ayu Lestari', checkedIn ? 'attend' : null),
              },
              '13',
            ),
          ]),
        ),
      'POST /api/presence/13/check-in': async (request) => {
        const { code } = await attributesOf(request);
        if (code !== 'K7Q2XF')
          return json(
            422,
            errorDocument(422, 'Unprocessable Entity', {
              detail: 'This is not the code of the session.',
              pointer: '/data/attributes/code',
            }),
          );
        checkedIn = true;
        return json(200, one(mine({ my_detail: detail(4, 'Ayu Lestari', 'attend') }, '13')));
      },
    });
    start('/presence/3/7');
    const past = await screen.findByRole('article', { name: /^P01 / });
    expect(within(past).getByText('Sick')).toBeTruthy();
    expect(within(past).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export the recap (.xlsx)' })).toBeNull();

    const now = screen.getByRole('article', { name: /^P02 / });
    expect(within(now).getByText('Not marked yet')).toBeTruthy();
    fireEvent.click(within(now).getByRole('button', { name: 'Check in' }));
    expect(within(now).getByRole('alert').textContent).toBe('Type the code your lecturer shows.');
    fireEvent.change(within(now).getByLabelText('Check-in code'), { target: { value: 'WRONG1' } });
    fireEvent.click(within(now).getByRole('button', { name: 'Check in' }));
    expect((await within(now).findByRole('alert')).textContent).toContain(
      'This is not the code of the session.',
    );
    fireEvent.change(within(now).getByLabelText('Check-in code'), { target: { value: ' K7Q2XF ' } });
    fireEvent.click(within(now).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You are checked in.')).toBeTruthy();
    await waitFor(() => expect(within(now).getByText('Present')).toBeTruthy());
    expect(within(now).queryByLabelText('Check-in code')).toBeNull();
    const sentCodes = await Promise.all(
      calls.filter((call) => pathOf(call) === '/api/presence/13/check-in').map(attributesOf),
    );
    expect(sentCodes).toEqual([{ code: 'WRONG1' }, { code: 'K7Q2XF' }]);

    // the QR code the lecturer shows opens the page with the session's code filled in
    cleanup();
    checkedIn = false;
    start('/presence/3/7?check_in=13&code=K7Q2XF');
    const scanned = await screen.findByRole('article', { name: /^P02 / });
    expect((within(scanned).getByLabelText('Check-in code') as HTMLInputElement).value).toBe('K7Q2XF');
  });

  it('marks each student of a session with one click (a radio group each), and locks a sent session', async () => {
    const students = [
      { ...detail(55, 'Ana Putri', 'attend'), source: 'check_in', marked_at: '2026-03-02 08:05:00' },
      detail(56, 'Budi Santoso', null),
    ];
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/12': () => json(200, one(session({ details: students }))),
      'PUT /api/course/presences/12/manual': async (request) => {
        const { type } = await attributesOf(request);
        return type === 'other'
          ? json(
              409,
              errorDocument(409, 'Conflict', { detail: 'The session was sent: its marks are final.' }),
            )
          : json(200, one(session({ details: students })));
      },
      'PATCH /api/course/presences/12': () =>
        json(200, one(session({ check_in_code: 'ZZ9Q4M', details: students }))),
      'GET /api/presence-export/export/12': () =>
        json(
          200,
          one(
            resource(
              'presence-exports',
              { url: '/files/p01.xlsx?sig=2', filename: 'P01.xlsx', expires_at: wall(5 * MINUTE) },
              'x2',
            ),
          ),
        ),
    });
    start('/presence/3/7/detail/12');
    const budi = await screen.findByRole('group', { name: /^Budi Santoso/ });
    const radios = within(budi).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0].textContent)).toEqual([
      'Present',
      'Sick',
      'Absent',
      'Leave',
      'Other',
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
    const figures = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(figures).toEqual(['1', '0', '0', '0', '0', '1']);

    fireEvent.click(within(budi).getByRole('radio', { name: 'Sick' }));
    await waitFor(() =>
      expect((within(budi).getByRole('radio', { name: 'Sick' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(await screen.findByText('Budi Santoso: Sick.')).toBeTruthy();
    const marked = calls.find((call) => call.method === 'PUT')!;
    expect(await attributesOf(marked)).toEqual({
      action: 'update',
      user_id: 56,
      code: '2301056',
      name: 'Budi Santoso',
      role: 'STUDENT',
      status: 0,
      type: 'sick',
    });

    // a refused mark goes back and says why beside the student
    const ana = screen.getByRole('group', { name: /^Ana Putri/ });
    fireEvent.click(within(ana).getByRole('radio', { name: 'Other' }));
    expect((await within(ana).findByRole('alert')).textContent).toBe(
      'The session was sent: its marks are final.',
    );
    expect((within(ana).getByRole('radio', { name: 'Present' }) as HTMLInputElement).checked).toBe(true);

    // who checked in themselves says when
    expect(within(ana).getByText('· checked in at 08:05')).toBeTruthy();
    // the code, and its QR code opening the class's page with the code filled in
    expect(screen.getByText('K7Q2XF')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of the check-in with the code K7Q2XF' })).toBeTruthy();
    // a code that went round is replaced
    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    expect(await screen.findByText('New check-in code: ZZ9Q4M.')).toBeTruthy();
    const renewed = calls.find((call) => call.method === 'PATCH')!;
    expect(await attributesOf(renewed)).toEqual({ regenerate_code: true });

    fireEvent.click(screen.getByRole('button', { name: 'Export the session (.xlsx)' }));
    expect(await screen.findByRole('link', { name: 'Download P01.xlsx again' })).toBeTruthy();

    cleanup();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/12': () => json(200, one(session({ is_sent: true, details: students }))),
    });
    start('/presence/3/7/detail/12');
    expect(
      await screen.findByText('This session was sent: its marks are final and can no longer change.'),
    ).toBeTruthy();
    const locked = screen.getByRole('group', { name: /^Ana Putri/ }) as HTMLFieldSetElement;
    expect(locked.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(screen.queryByText('K7Q2XF')).toBeNull();
  });

  it('marks the students not marked yet present in one go, leaving the others’ marks', async () => {
    const students = [
      detail(55, 'Ana Putri', 'sick'),
      detail(56, 'Budi Santoso', null),
      detail(57, 'Citra Dewi', null),
    ];
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/12': () => json(200, one(session({ details: students }))),
      'PUT /api/course/presences/12/manual': () => json(200, one(session({ details: students }))),
    });
    start('/presence/3/7/detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark the 2 students not marked as present' }));
    expect(await screen.findByText('2 students marked present.')).toBeTruthy();
    const marks = await Promise.all(calls.filter((call) => call.method === 'PUT').map(attributesOf));
    expect(marks.map((mark) => [mark.user_id, mark.type, mark.status])).toEqual([
      [56, 'attend', 1],
      [57, 'attend', 1],
    ]);
  });
  it('clears a student’s mark before the session is sent (shown at once, back if refused), never after', async () => {
    const students = [
      detail(55, 'Ana Putri', 'sick'),
      detail(56, 'Budi Santoso', 'attend'),
      detail(57, 'Citra Dewi', null),
    ];
    let refuse = false;
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/12': () => json(200, one(session({ details: students }))),
      'PUT /api/course/presences/12/manual': () =>
        refuse
          ? json(
              409,
              errorDocument(409, 'Conflict', { detail: 'This session was sent: its attendance is final.' }),
            )
          : json(200, one(session({ details: students }))),
    });
    start('/presence/3/7/detail/12');
    const ana = await screen.findByRole('group', { name: /^Ana Putri/ });
    // nothing to clear for a student not marked
    const citra = screen.getByRole('group', { name: /^Citra Dewi/ });
    expect(within(citra).queryByRole('button', { name: /^Clear/ })).toBeNull();

    fireEvent.click(within(ana).getByRole('button', { name: 'Clear the mark of Ana Putri' }));
    await waitFor(() =>
      expect((within(ana).getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(
        false,
      ),
    );
    expect(await screen.findByText('Ana Putri: not marked.')).toBeTruthy();
    const cleared = calls.find((call) => call.method === 'PUT')!;
    expect(await attributesOf(cleared)).toEqual({ action: 'delete', user_id: 55 });
    expect(within(ana).queryByRole('button', { name: /^Clear/ })).toBeNull();

    // refused (sent meanwhile elsewhere): the mark comes back and the reason shows beside the student
    refuse = true;
    const budi = screen.getByRole('group', { name: /^Budi Santoso/ });
    fireEvent.click(within(budi).getByRole('button', { name: 'Clear the mark of Budi Santoso' }));
    expect((await within(budi).findByRole('alert')).textContent).toBe(
      'This session was sent: its attendance is final.',
    );
    expect((within(budi).getByRole('radio', { name: 'Present' }) as HTMLInputElement).checked).toBe(true);

    cleanup();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/presences/12': () => json(200, one(session({ is_sent: true, details: students }))),
    });
    start('/presence/3/7/detail/12');
    await screen.findByText('This session was sent: its marks are final and can no longer change.');
    expect(screen.queryByRole('button', { name: /^Clear the mark/ })).toBeNull();
  });
});
