import { ALL_ROLES, type RouteDef } from '../app/routeTypes';

/** The agenda (spec 03 §2: a month calendar, every role) and the to-do (spec 02 §7). */
export const agendaRoutes: RouteDef[] = [
  {
    id: 'agenda',
    path: '/agenda',
    roles: ALL_ROLES,
    load: () => import('./AgendaPage'),
    nav: { section: 'main', icon: 'calendar', order: 60 },
  },
  {
    id: 'todo',
    path: '/todo',
    roles: ALL_ROLES,
    load: () => import('./TodoPage'),
    nav: { section: 'main', icon: 'check', order: 50 },
  },
];
