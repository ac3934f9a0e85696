import { ADMIN_LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * Presence (spec 03 §2, issue 17): the classes of the caller with their sessions, the sessions of
 * one class (the staff plan them, a student checks in), and the marks of one session (staff).
 */
export const presenceRoutes: RouteDef[] = [
  {
    id: 'presence',
    path: '/presence',
    load: () => import('./PresenceListPage'),
    nav: { section: 'learning', icon: 'users', order: 40 },
  },
  {
    id: 'presenceClass',
    path: '/presence/:courseId/:classId',
    parent: 'presence',
    load: () => import('./PresenceClassPage'),
  },
  {
    id: 'presenceDetail',
    path: '/presence/:courseId/:classId/detail/:presenceId',
    roles: ADMIN_LECTURER,
    parent: 'presenceClass',
    load: () => import('./PresenceDetailPage'),
  },
];
