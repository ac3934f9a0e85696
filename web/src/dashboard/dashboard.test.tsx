import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { errorDocument, many, one, resource, user, wall } from '../test/factories';
import { type Handler, json, queryOf, serve } from '../test/server';

type Level = 'student' | 'lecturer';
const HOUR = 3_600_000;
const inCourse = { course_id: 7, course_name: 'Algorithms and Programming', course_code: 'IF101' };
const me = (level: Level) => () => json(200, one(user({ name: 'Ayu Lestari', username: 'ayu', level })));

const todo = (id: string, attributes: Record<string, unknown>) =>
  resource(
    'todos',
    {
      item_id: Number(id),
      ...inCourse,
      start_at: null,
      end_at: null,
      due_at: null,
      since: null,
      count: null,
      ...attributes,
    },
    `${String(attributes.todo_type)}-${id}`,
  );

/** Every request of the page answered empty, but those a test names. */
function page(level: Level, routes: Record<string, Handler>) {
  const empty = () => json(200, many([]));
  return serve({
    'GET /api/login/me': me(level),
    'GET /api/course/courses': () => json(200, many([], 3)),
    'GET /api/time': () => json(200, one(resource('times', { time: wall(0) }, 'now'))),
    'GET /api/timeline/statistic/me': () =>
      json(200, one(resource('timeline_statistics', { weeks: [], totals: {} }))),
    'GET /api/timeline/me': empty,
    'GET /api/todo': empty,
    'GET /api/course/dashboard/tasks': empty,
    'GET /api/course/dashboard/grades': empty,
    'GET /api/course/dashboard/progress': empty,
    'GET /api/course/dashboard/running-exams': empty,
    'GET /api/course/messages': empty,
    'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
    'GET /api/course/announcements': empty,
    'GET /api/course/request/assistant': empty,
    'GET /api/course/course-requests': empty,
    'GET /api/course/presences': empty,
    ...routes,
  });
}

const card = async (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
  signedIn();
});
afterEach(cleanup);

describe('the student’s dashboard', () => {
  it('shows the exams to start or resume, the assignments due, grades, progress and what is unread', async () => {
    page('student', {
      'GET /api/todo': () =>
        json(
          200,
          many([
            todo('1', {
              todo_type: 'exam',
              name: 'Quiz 1',
              status: 'not_started',
              start_at: wall(-HOUR),
              end_at: wall(HOUR),
            }),
            todo('2', {
              todo_type: 'exam',
              name: 'Midterm',
              status: 'not_started',
              start_at: wall(48 * HOUR),
            }),
            todo('3', { todo_type: 'exam', name: 'Lab test', status: 'in_progress', start_at: wall(-HOUR) }),
          ]),
        ),
      'GET /api/course/dashboard/tasks': () =>
        json(
          200,
          many([
            resource(
              'dashboard-tasks',
              {
                name: 'Essay',
                ...inCourse,
                status: 'change_requested',
                start_at: null,
                end_at: wall(HOUR),
                due_today: true,
                score: null,
              },
              '11',
            ),
            resource(
              'dashboard-tasks',
              {
                name: 'Report',
                ...inCourse,
                status: 'scored',
                start_at: null,
                end_at: wall(72 * HOUR),
                due_today: false,
                score: 85,
              },
              '12',
            ),
          ]),
        ),
      'GET /api/course/dashboard/grades': () =>
        json(
          200,
          many([
            resource(
              'dashboard-grades',
              {
                kind: 'exam',
                item_id: 9,
                name: 'Final',
                ...inCourse,
                score: 80,
                is_passed: true,
                released_at: wall(-HOUR),
              },
              'exam-9',
            ),
          ]),
        ),
      'GET /api/course/dashboard/progress': () =>
        json(
          200,
          many([
            resource(
              'dashboard-progress',
              { ...inCourse, completed: 1, required: 3, percentage: 33.33 },
              '7',
            ),
          ]),
        ),
      'GET /api/course/messages': () =>
        json(
          200,
          many(
            [
              resource(
                'course-messages',
                { subject: 'Your report', created_at: wall(-HOUR), sender_id: 2, receiver_id: 4 },
                '21',
              ),
            ],
            2,
          ),
        ),
    });
    start('/dashboard');

    const exams = await card('Exams');
    const start1 = await within(exams).findByRole('link', { name: 'Start Quiz 1' });
    expect(start1.getAttribute('href')).toBe('/exam/1/start');
    expect(within(exams).getByRole('link', { name: 'Resume Lab test' }).getAttribute('href')).toBe(
      '/exam/3/start',
    );
    expect(within(exams).queryByRole('link', { name: 'Start Midterm' })).toBeNull();
    expect(within(exams).getByText(/^Opens /)).toBeTruthy();

    const tasks = await card('Assignments due');
    expect((await within(tasks).findByRole('link', { name: 'Essay' })).getAttribute('href')).toBe(
      '/assignment/11',
    );
    expect(within(tasks).getByText('Changes requested')).toBeTruthy();
    expect(within(tasks).getByText(/^Due today at /)).toBeTruthy();
    expect(within(tasks).getByText('Scored: 85')).toBeTruthy();

    const grades = await card('Recent grades');
    expect((await within(grades).findByRole('link', { name: 'Final' })).getAttribute('href')).toBe('/exam/9');
    expect(within(grades).getByText('Passed')).toBeTruthy();

    const progress = await card('Course progress');
    expect(await within(progress).findByText('33% · 1 of 3 done')).toBeTruthy();

    const unread = await card('Unread');
    expect(await within(unread).findByRole('link', { name: '2 unread messages' })).toBeTruthy();
    expect(within(unread).getByRole('link', { name: 'Your report' }).getAttribute('href')).toBe(
      '/messages/21',
    );
    // no staff card
    expect(screen.queryByRole('region', { name: 'Submissions to score' })).toBeNull();
  });

  it('lets one card fail on its own, with a way to try again, while the others say they are empty', async () => {
    let fail = true;
    const calls = page('student', {
      'GET /api/course/dashboard/tasks': () =>
        fail ? json(503, errorDocument(503, 'Service Unavailable')) : json(200, many([])),
    });
    start('/dashboard');
    const tasks = await card('Assignments due');
    const alert = await within(tasks).findByRole('alert');
    expect(
      await within(await card('Recent grades')).findByText('No grade has been released to you yet.'),
    ).toBeTruthy();
    expect(within(await card('Exams')).getByText('No exam is open now or in the coming week.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(tasks).findByText('No assignment is due.')).toBeTruthy();
    // the exams card asks the to-do for exams only, five at most
    expect(calls.some((call) => queryOf(call).includes('filter[todo_type][is]=exam&page[limit]=5'))).toBe(
      true,
    );
  });
});

describe('the lecturer’s dashboard', () => {
  it('links each waiting thing to where it is handled', async () => {
    const calls = page('lecturer', {
      'GET /api/course/dashboard/running-exams': () =>
        json(
          200,
          many([
            resource(
              'running-exams',
              {
                name: 'Quiz 1',
                ...inCourse,
                start_at: wall(-HOUR),
                end_at: wall(HOUR),
                in_progress: 3,
                finished: 1,
              },
              '5',
            ),
          ]),
        ),
      'GET /api/todo': (request) => {
        const type = new URL(request.url).searchParams.get('filter[todo_type][is]');
        if (type === 'score_answers')
          return json(
            200,
            many([
              todo('6', {
                todo_type: 'score_answers',
                name: 'Report',
                status: 'waiting',
                count: 2,
                since: wall(-HOUR),
              }),
            ]),
          );
        return json(
          200,
          many([
            todo('8', {
              todo_type: 'grade_essays',
              name: 'Final',
              status: 'waiting',
              count: 1,
              since: wall(-HOUR),
            }),
          ]),
        );
      },
      'GET /api/course/presences': () =>
        json(
          200,
          many([
            resource(
              'presences',
              {
                course_id: 7,
                class_id: 70,
                class_name: 'IF101-A',
                act_code: 'P03',
                start_at: wall(-2 * HOUR),
                end_at: wall(-HOUR),
                is_sent: false,
              },
              '31',
            ),
          ]),
        ),
      'GET /api/course/course-requests': () =>
        json(
          200,
          many([
            resource(
              'course-requests',
              { name: 'Data Mining', code: 'IF501', state: 'pending', created_at: wall(-HOUR) },
              '41',
            ),
            resource(
              'course-requests',
              { name: 'Old', code: 'IF100', state: 'approved', created_at: wall(-HOUR) },
              '42',
            ),
          ]),
        ),
    });
    start('/dashboard');

    const running = await card('Exams running now');
    expect((await within(running).findByRole('link', { name: 'Monitor Quiz 1' })).getAttribute('href')).toBe(
      '/exam/5?tab=monitor',
    );
    expect(within(running).getByText(/3 in progress, 1 finished/)).toBeTruthy();
    const toScore = await card('Submissions to score');
    expect(
      (await within(toScore).findByRole('link', { name: 'Score the submissions of Report' })).getAttribute(
        'href',
      ),
    ).toBe('/assignment/6/submissions');
    expect(within(toScore).getByText('2 waiting')).toBeTruthy();
    const essays = await card('Essays to grade');
    expect(
      (await within(essays).findByRole('link', { name: 'Grade the essays of Final' })).getAttribute('href'),
    ).toBe('/exam/8?tab=grading');
    const sessions = await card('Attendance to send');
    const session = await within(sessions).findByRole('link', { name: /^IF101-A, / });
    expect(session.getAttribute('href')).toBe('/presence/7/70/detail/31');
    const requests = await card('Requests');
    expect(
      (
        await within(requests).findByRole('link', { name: 'Course request IF501 · Data Mining' })
      ).getAttribute('href'),
    ).toBe('/courses/requests');
    expect(within(requests).queryByText(/IF100/)).toBeNull();
    // sessions not sent that started before the campus's now
    const asked = calls.find((call) => new URL(call.url).pathname === '/api/course/presences');
    expect(queryOf(asked!)).toMatch(
      /filter\[is_sent\]\[is\]=false&filter\[start_at\]\[lt\]=\d{4}-\d{2}-\d{2}[ +]\d{2}:\d{2}:\d{2}/,
    );
    // no student card
    expect(screen.queryByRole('region', { name: 'Assignments due' })).toBeNull();
  });
});
