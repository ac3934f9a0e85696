/** The services the gateway knows, each reached at the URL of its `<NAME>_URL` variable. */
export const SERVICES = [
  'identity',
  'course',
  'exam',
  'task',
  'presence',
  'survey',
  'rps',
  'project',
  'messaging',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** `<NAME>_URL`, the variable the gateway reaches a service by (`demo-probe` → `DEMO_PROBE_URL`). */
export const urlVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

/** The routing table: path prefix under `/api` → owning service (longest prefix wins). */
export const ROUTES: ReadonlyArray<readonly [prefix: string, service: ServiceName]> = [
  ['/login', 'identity'],
  ['/public/lptk', 'identity'],
  ['/public/version', 'identity'],
  ['/course/users', 'identity'],
  ['/course/online', 'identity'],
  ['/course/lptks', 'identity'],
  ['/admin/campuses', 'identity'],
  ['/admin/registry', 'identity'],
  ['/account', 'identity'],
  ['/stats/user', 'identity'],
  ['/exam', 'exam'],
  ['/v2/exam', 'exam'],
  ['/import-word', 'exam'],
  ['/blob-storage/exam', 'exam'],
  ['/stats/exam', 'exam'],
  ['/course/tasks', 'task'],
  ['/course/task', 'task'],
  ['/course/rubrics', 'task'],
  ['/course/comments', 'task'],
  ['/course/scores', 'task'],
  ['/stats/task', 'task'],
  ['/task/blobs', 'task'],
  ['/course/presences', 'presence'],
  ['/presence', 'presence'],
  ['/presence-export', 'presence'],
  ['/crs', 'presence'],
  ['/public/crs', 'presence'],
  ['/course/surveys', 'survey'],
  ['/v2/survey', 'survey'],
  ['/plan', 'rps'],
  ['/rps', 'rps'],
  ['/rps-public', 'rps'],
  ['/cpmk', 'rps'],
  ['/project', 'project'],
  ['/timeline-project', 'project'],
  ['/course/messages', 'messaging'],
  ['/message', 'messaging'],
  ['/notifications', 'messaging'],
  ['/v2/notification', 'messaging'],
  ['/course/announcements', 'messaging'],
  ['/public/news', 'messaging'],
  ['/course/news', 'messaging'],
  ['/messaging/blobs', 'messaging'],
  ['', 'course'],
];

/**
 * The socket.io endpoints (outside `/api`; docs/architecture.md, "Sockets") → the service serving
 * each. The gateway forwards their long-polling requests and their WebSocket upgrades unchanged.
 */
export const SOCKET_ROUTES: ReadonlyArray<readonly [prefix: string, service: ServiceName]> = [
  ['/socket/messages', 'messaging'],
  ['/socket/crs', 'presence'],
  ['/socket/exam', 'exam'],
  ['/socket/project', 'project'],
];

/** Longest matching prefix, on whole path segments (`/course/tasks` does not match `/course/tasksx`). */
export class Router {
  private readonly table: ReadonlyArray<readonly [string, ServiceName]>;

  constructor(routes: ReadonlyArray<readonly [string, ServiceName]> = ROUTES) {
    this.table = [...routes].sort((a, b) => b[0].length - a[0].length);
  }

  /** `path` is the part after `/api`, without the query string. */
  resolve(path: string): ServiceName {
    return this.match(path) ?? 'course';
  }

  /** The service of the longest prefix of `path`, or undefined when none matches. */
  match(path: string): ServiceName | undefined {
    for (const [prefix, service] of this.table) {
      if (prefix === '' || path === prefix || path.startsWith(`${prefix}/`)) return service;
    }
    return undefined;
  }
}
