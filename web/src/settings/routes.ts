import type { RouteDef } from '../app/routeTypes';

/** The user's own settings: profile and account (password, language, theme). */
export const settingsRoutes: RouteDef[] = [
  {
    id: 'profile',
    path: '/settings/profile',
    load: () => import('./ProfilePage'),
    nav: { section: 'personal', icon: 'user', order: 30 },
  },
  {
    id: 'account',
    path: '/settings/account',
    load: () => import('./AccountPage'),
    nav: { section: 'personal', icon: 'settings', order: 40 },
  },
];
