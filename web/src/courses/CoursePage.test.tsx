import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { json, serve } from '../test/server';
import { course, moduleOf, one, related, user } from '../test/factories';

const student = () => json(200, one(user({ level: 'student' })));
const withModule = (attributes: Record<string, unknown>) => {
  const introduction = moduleOf({ name: 'Introduction' }, '10');
  return one(related(course(attributes, '7'), { modules: [introduction] }), [introduction]);
};

describe('the course page for a student who is not enrolled', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('offers Join on a free course (not Leave, no Student badge), and reads it as theirs after one click', async () => {
    signedIn();
    let joined = false;
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/7': () =>
        json(
          200,
          withModule({
            name: 'Digital Literacy',
            is_free: true,
            is_public: true,
            status: joined ? 'STUDENT' : null,
          }),
        ),
      'POST /api/course/enrolls/join': () => {
        joined = true;
        return json(201, one(course({ name: 'Digital Literacy', status: 'STUDENT' }, '7')));
      },
    });
    start('/courses/7');
    await screen.findByRole('heading', { name: 'Digital Literacy' });
    expect(screen.queryByRole('button', { name: /^Leave the course/ })).toBeNull();
    expect(screen.queryByText('Student')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Join the course “Digital Literacy”' }));
    await screen.findByRole('button', { name: 'Leave the course “Digital Literacy”' });
    const join = calls.find((request) => request.url.endsWith('/api/course/enrolls/join'))!;
    expect(await join.json()).toEqual({ data: { attributes: { course_id: 7 } } });
    expect(screen.queryByRole('button', { name: 'Join the course “Digital Literacy”' })).toBeNull();
  });

  it('asks for the token on a course that is not free', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/7': () =>
        json(200, withModule({ name: 'Public Lectures', is_free: false, is_public: true, status: null })),
    });
    start('/courses/7');
    await screen.findByRole('heading', { name: 'Public Lectures' });
    await waitFor(() => expect(screen.getByTestId('join-offer').textContent).toContain('token'));
    expect(screen.queryByRole('button', { name: /^Leave the course/ })).toBeNull();
  });
});
