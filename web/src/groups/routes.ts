import type { RouteDef } from '../app/routeTypes';

/** The course's groups: managed by its teaching staff, read by its students (their own groups). */
export const groupRoutes: RouteDef[] = [
  { id: 'courseGroups', path: '/courses/:id/groups', load: () => import('./GroupsPage'), parent: 'course' },
];
