import type { RouteDef } from '../app/routeTypes';

/** The pages a visitor reaches without an account: create one, verify its address, recover a password. */
export const accountAccessRoutes: RouteDef[] = [
  { id: 'register', path: '/pages/register', load: () => import('./RegisterPage'), public: true },
  { id: 'verifyEmail', path: '/pages/verify-email', load: () => import('./VerifyEmailPage'), public: true },
  {
    id: 'forgotPassword',
    path: '/pages/forgot-password',
    load: () => import('./ForgotPasswordPage'),
    public: true,
  },
  {
    id: 'resetPassword',
    path: '/pages/reset-password',
    load: () => import('./ResetPasswordPage'),
    public: true,
  },
];
