import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { json, serve } from '../../test/server';
import { errorDocument, many, one, period, resource, user } from '../../test/factories';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const periods = () =>
  json(
    200,
    many([
      period({ name: '2026/2027 Odd Semester', year: 2026, period_type: 'GANJIL' }, '3'),
      period({ name: '2025/2026 Even Semester', year: 2025, period_type: 'GENAP' }, '2'),
    ]),
  );
const faculties = () =>
  json(
    200,
    many([resource('faculties', { name: 'Engineering', code: 'FT', created_at: '', updated_at: '' }, '7')]),
  );

/** A course request as the service answers it. */
const courseRequest = (attributes: Record<string, unknown>, id: string) =>
  resource(
    'course-requests',
    {
      campus_id: 1,
      name: 'Machine Learning',
      code: 'IF450',
      period_id: 3,
      period_name: '2026/2027 Odd Semester',
      period_year: 2026,
      period_type: 'GANJIL',
      faculty_id: null,
      faculty_name: null,
      classes: [],
      note: null,
      state: 'pending',
      reason: null,
      requested_by: 4,
      requester_name: 'Dr. Ratna Wijaya',
      requester_username: 'ratna',
      course_id: null,
      decided_at: null,
      created_at: '2026-08-03 09:15:00',
      updated_at: '2026-08-03 09:15:00',
      ...attributes,
    },
    id,
  );

async function bodyOf(request: Request) {
  return ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

describe('course requests (a lecturer asks for a course)', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn();
  });
  afterEach(cleanup);

  it('is reached from the course list and sends a request, which then waits in "My course requests"', async () => {
    let requests = [] as ReturnType<typeof courseRequest>[];
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/periods': periods,
      'GET /api/course/faculties': faculties,
      'GET /api/course/courses': () => json(200, many([])),
      'GET /api/course/request/assistant': () => json(200, many([])),
      'GET /api/course/course-requests': () => json(200, many(requests)),
      'POST /api/course/course-requests': async (request) => {
        const attributes = await bodyOf(request);
        requests = [courseRequest({ ...attributes, faculty_name: 'Engineering' }, '21')];
        return json(201, one(requests[0]));
      },
    });
    const router = start('/courses');
    const entry = await screen.findByRole('link', { name: 'Request a course' });
    await act(async () => fireEvent.click(entry));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/requests'));
    await screen.findByRole('heading', { level: 1, name: 'Course requests' });
    await screen.findByText('You have not requested a course yet.');

    const form = screen.getByRole('form', { name: 'Request a course' });
    const periodSelect = within(form).getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    await waitFor(() => expect(periodSelect.options).toHaveLength(3));
    const facultySelect = within(form).getByRole('combobox', { name: 'Faculty' }) as HTMLSelectElement;
    await waitFor(() =>
      expect([...facultySelect.options].map((o) => o.text)).toEqual(['No faculty', 'Engineering (FT)']),
    );
    fireEvent.change(within(form).getByLabelText('Course code'), { target: { value: ' IF450 ' } });
    fireEvent.change(within(form).getByLabelText('Course name'), { target: { value: 'Machine Learning' } });
    fireEvent.change(periodSelect, { target: { value: '3' } });
    fireEvent.change(facultySelect, { target: { value: '7' } });
    fireEvent.change(within(form).getByLabelText('Classes'), { target: { value: 'IF450-A, IF450-B,' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the request' })));

    const sent = calls.find((call) => call.method === 'POST' && call.url.includes('/course-requests'))!;
    expect(await bodyOf(sent)).toEqual({
      name: 'Machine Learning',
      code: 'IF450',
      period_id: 3,
      faculty_id: 7,
      classes: ['IF450-A', 'IF450-B'],
      note: null,
    });
    await screen.findByText('Your request for “Machine Learning” (IF450) was sent to the administrator.');
    const mine = screen.getByRole('region', { name: 'My course requests' });
    await within(mine).findByText('Waiting for approval');
    expect(
      within(mine).getByText(/2026\/2027 Odd Semester · Engineering · classes IF450-A, IF450-B/),
    ).toBeTruthy();
    // the form starts again, the period kept
    expect((within(form).getByLabelText('Course code') as HTMLInputElement).value).toBe('');
    expect(periodSelect.value).toBe('3');
  });

  it('lists every problem the service found, its field marked; no period chosen is said before sending', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/periods': periods,
      'GET /api/course/faculties': faculties,
      'GET /api/course/course-requests': () => json(200, many([])),
      'POST /api/course/course-requests': () =>
        json(422, {
          errors: [
            ...errorDocument(422, 'Unprocessable Entity', {
              detail: 'The period has a course with code IF101 already: Algorithms (id 9)',
              pointer: '/data/attributes/code',
            }).errors,
            ...errorDocument(422, 'Unprocessable Entity', {
              detail: 'class A is listed twice',
              pointer: '/data/attributes/classes/1',
            }).errors,
          ],
        }),
    });
    start('/courses/requests');
    const form = await screen.findByRole('form', { name: 'Request a course' });
    fireEvent.change(within(form).getByLabelText('Course code'), { target: { value: 'IF101' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the request' })));
    expect(within(form).getByRole('alert').textContent).toContain('Choose the period the course runs in.');
    expect(calls.some((call) => call.method === 'POST' && call.url.includes('/course-requests'))).toBe(false);

    const periodSelect = within(form).getByRole('combobox', { name: 'Period' });
    await waitFor(() => expect(periodSelect.querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(periodSelect, { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Classes'), { target: { value: 'A, A' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send the request' })));
    const alert = await within(form).findByText('The request was not sent:');
    expect([...alert.parentElement!.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Course code: The period has a course with code IF101 already: Algorithms (id 9)',
      'Classes: class A is listed twice',
    ]);
    expect(within(form).getByLabelText('Course code').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Classes').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Course name').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows where each request stands: the reason of a rejection, the approved course, and withdraws a pending one after asking', async () => {
    let pendingState = 'pending';
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/periods': periods,
      'GET /api/course/faculties': faculties,
      'GET /api/course/course-requests': () =>
        json(
          200,
          many([
            courseRequest({ name: 'Compilers', code: 'CP1', state: pendingState }, '31'),
            courseRequest(
              {
                name: 'Robotics',
                code: 'RB1',
                state: 'rejected',
                reason: 'Taught by the electrical faculty',
              },
              '32',
            ),
            courseRequest({ name: 'Ethics', code: 'ET1', state: 'approved', course_id: 12 }, '33'),
          ]),
        ),
      'POST /api/course/course-requests/31/withdraw': () => {
        pendingState = 'withdrawn';
        return json(200, one(courseRequest({ name: 'Compilers', code: 'CP1', state: 'withdrawn' }, '31')));
      },
    });
    start('/courses/requests');
    const mine = await screen.findByRole('region', { name: 'My course requests' });
    const rows = await within(mine).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Rejected')).toBeTruthy();
    expect(within(rows[1]).getByText('Reason: Taught by the electrical faculty')).toBeTruthy();
    expect(within(rows[2]).getByRole('link', { name: 'Open the course' }).getAttribute('href')).toBe(
      '/courses/12',
    );
    expect(within(rows[1]).queryByRole('button')).toBeNull();

    await act(async () =>
      fireEvent.click(within(rows[0]).getByRole('button', { name: 'Withdraw the request for “Compilers”' })),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw your request for “Compilers”?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' })));
    await screen.findByText('Your request for “Compilers” was withdrawn.');
    expect(
      calls.some((call) => call.method === 'POST' && call.url.endsWith('/course-requests/31/withdraw')),
    ).toBe(true);
    await within(mine).findByText('Withdrawn');
  });

  it('is not offered to students', async () => {
    serve({
      'GET /api/login/me': () => json(200, one(user({ name: 'Ayu Lestari', level: 'student' }))),
      'GET /api/course/periods': periods,
      'GET /api/course/courses': () => json(200, many([])),
      'GET /api/course/enrolls/my': () => json(200, many([])),
    });
    start('/courses');
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    expect(screen.queryByRole('link', { name: 'Request a course' })).toBeNull();
  });
});
