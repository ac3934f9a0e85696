import { Router, SOCKET_ROUTES } from './routes';

describe('Router (longest prefix wins)', () => {
  const router = new Router();

  it.each([
    ['/login/me', 'identity'],
    ['/public/lptk', 'identity'],
    ['/course/users/12', 'identity'],
    ['/course/users/12/avatar', 'identity'],
    ['/admin/registry/students/2101234567', 'identity'],
    ['/course/courses', 'course'],
    ['/course/courses/5/students', 'course'],
    ['/course/tasks/3', 'task'],
    ['/course/task', 'task'],
    ['/course/rubrics', 'task'],
    ['/course/rubricsx', 'course'],
    ['/course/taskboard', 'course'],
    ['/course/presences', 'presence'],
    ['/presence-export/1', 'presence'],
    ['/presence/1', 'presence'],
    ['/public/crs/9', 'presence'],
    ['/public/courses/explore', 'course'],
    ['/public/news/4', 'messaging'],
    ['/v2/exam/1', 'exam'],
    ['/exam', 'exam'],
    ['/examples', 'course'],
    ['/gradebook', 'course'],
    ['/rps-public/x', 'rps'],
    ['/rps/v1/rps', 'rps'],
    ['/course/announcements', 'messaging'],
    // the task store's signed links (local disk)
    ['/task/blobs/task/abc', 'task'],
  ])('routes %s to %s', (path, service) => {
    expect(router.resolve(path)).toBe(service);
  });
});

describe('socket router', () => {
  const router = new Router(SOCKET_ROUTES);

  it.each([
    ['/socket/messages/', 'messaging'],
    ['/socket/messages', 'messaging'],
    ['/socket/crs/', 'presence'],
    ['/socket/exam/', 'exam'],
  ])('routes %s to %s', (path, service) => {
    expect(router.match(path)).toBe(service);
  });

  it.each(['/socket', '/socket/', '/socket/messagesx/', '/socket/other/', '/socket.io/', '/api/socket/crs/'])(
    'knows no socket at %s',
    (path) => {
      expect(router.match(path)).toBeUndefined();
    },
  );
});
