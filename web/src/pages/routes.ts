import { ALL_ROLES, type PageLoader, type RouteDef } from '../app/routeTypes';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';

const home: PageLoader = () => import('./HomePage');

/** The status pages (coming soon, error 500, not authorized, maintenance): one page, by route id. */
export const statusPage: PageLoader = () => import('../public/StatusPage');

/** The shell's own screens: home and dashboard inside the layout. */
export const shellRoutes: RouteDef[] = [
  { id: 'home', path: '/', load: home, roles: ALL_ROLES, nav: { section: 'main', icon: 'home', order: 10 } },
  { id: 'homepage', path: '/homepage', load: home, roles: ALL_ROLES },
  {
    id: 'dashboard',
    path: '/dashboard',
    load: () => import('../dashboard/DashboardPage'),
    nav: { section: 'main', icon: 'dashboard', order: 20 },
  },
];

/** Sign-in, lock screen, not found and the status pages: full pages without the layout. */
export const shellPublicRoutes: RouteDef[] = [
  { id: 'login', path: '/pages/login', component: LoginPage, public: true },
  { id: 'loginNew', path: '/pages/login/new', component: LoginPage, public: true },
  { id: 'callback', path: '/callback', load: () => import('../auth/CallbackPage'), public: true },
  { id: 'ssoWebhook', path: '/webhook/sso', load: () => import('../auth/SsoWebhookPage'), public: true },
  {
    id: 'lockScreen',
    path: '/pages/lock-screen',
    load: () => import('../public/LockScreenPage'),
    public: true,
  },
  { id: 'comingSoon', path: '/pages/comingsoon', load: statusPage, public: true },
  { id: 'error404', path: '/pages/error-404', component: NotFoundPage, public: true },
  { id: 'error500', path: '/pages/error-500', load: statusPage, public: true },
  { id: 'notAuthorized', path: '/pages/not-authorized', load: statusPage, public: true },
  { id: 'maintenance', path: '/pages/maintenance', load: statusPage, public: true },
];
