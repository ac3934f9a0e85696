import { LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * Forms and logbooks (spec 01 §2, issue 15): the list across the caller's courses, one logbook (a
 * student's entry, or the staff's editor), a new one (staff), and the entries with their
 * assessment at `/gradebook/{id}`.
 */
export const formRoutes: RouteDef[] = [
  {
    id: 'forms',
    path: '/forms',
    load: () => import('./FormsPage'),
    nav: { section: 'learning', icon: 'form', order: 70 },
  },
  {
    id: 'formNew',
    path: '/forms/new',
    roles: LECTURER,
    parent: 'forms',
    load: () => import('./FormPage').then((m) => ({ default: m.NewFormPage })),
  },
  { id: 'form', path: '/forms/:id', parent: 'forms', load: () => import('./FormPage') },
  { id: 'formGradebook', path: '/gradebook/:id', parent: 'forms', load: () => import('./FormBookPage') },
];
