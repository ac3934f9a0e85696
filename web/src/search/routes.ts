import { ALL_ROLES, type RouteDef } from '../app/routeTypes';

/** The global search's results page (issue 21); the search box itself is in the top bar. */
export const searchRoutes: RouteDef[] = [
  { id: 'search', path: '/search', roles: ALL_ROLES, load: () => import('./SearchPage') },
];
