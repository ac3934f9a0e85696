import { ALL_ROLES, type RouteDef } from '../app/routeTypes';

/** The user's own space (issue 21): video conferences, notes and bookmarks (spec 01 §2, every role). */
export const spaceRoutes: RouteDef[] = [
  {
    id: 'vicon',
    path: '/vicon',
    roles: ALL_ROLES,
    load: () => import('./ConferencesPage'),
    nav: { section: 'learning', icon: 'video', order: 80 },
  },
  {
    id: 'notes',
    path: '/notes',
    roles: ALL_ROLES,
    load: () => import('./NotesPage'),
    nav: { section: 'personal', icon: 'note', order: 10 },
  },
  {
    id: 'bookmarks',
    path: '/bookmark',
    roles: ALL_ROLES,
    load: () => import('./BookmarksPage'),
    nav: { section: 'personal', icon: 'bookmark', order: 20 },
  },
];
