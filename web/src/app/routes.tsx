import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Guard, type RouteHandle } from '../auth/Guard';
import { NOT_FOUND_PATH } from '../auth/guard';
import { Layout } from '../layout/Layout';
import { Spinner } from '../layout/Spinner';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { loadChunk } from './chunks';
import { RouteError } from './RouteError';
import { APP_ROUTES, PUBLIC_ROUTES, type PageKind, type RouteDef } from './routeMap';

type PageModule = { default: ComponentType };

/** Pages load as separate chunks the first time they are opened (login and 404 are in the main bundle). */
const PAGES: Record<Exclude<PageKind, 'login' | 'notFound'>, () => Promise<PageModule>> = {
  home: () => import('../pages/HomePage'),
  dashboard: () => import('../pages/DashboardPage'),
  courses: () => import('../courses/CoursesPage'),
  course: () => import('../courses/CoursePage'),
  courseEdit: () => import('../courses/editor/CourseEditorPage'),
  coursePreview: () => import('../courses/CoursePreviewPage'),
  courseEnroll: () => import('../courses/manage/EnrollPage'),
  courseDeleted: () => import('../courses/manage/DeletedContentsPage'),
  courseSettings: () => import('../courses/manage/CourseSettingsPage'),
  profile: () => import('../settings/ProfilePage'),
  account: () => import('../settings/AccountPage'),
  unavailable: () => import('../pages/UnavailablePage'),
  landing: () => import('../public/LandingPage'),
  lockScreen: () => import('../public/LockScreenPage'),
  status: () => import('../public/StatusPage'),
  publicCourse: () => import('../public/PublicCoursePage'),
  publicUnavailable: () => import('../public/PublicUnavailablePage'),
};

export function handleOf(def: RouteDef): RouteHandle {
  return {
    id: def.id,
    title: `routes.${def.id}`,
    ...(def.public ? { public: true } : {}),
    ...(def.roles ? { roles: def.roles } : {}),
    ...(def.reducedSidebar ? { reducedSidebar: true } : {}),
    ...(def.feature ? { feature: def.feature } : {}),
  };
}

function toRoute(def: RouteDef): RouteObject {
  const base = { path: def.path, handle: handleOf(def), errorElement: <RouteError /> };
  if (def.page === 'login') return { ...base, element: <LoginPage /> };
  if (def.page === 'notFound') return { ...base, element: <NotFoundPage /> };
  const load = PAGES[def.page];
  return { ...base, lazy: async () => ({ Component: (await loadChunk(load)).default }) };
}

function Starting() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

/** The route map (spec 01 §2): public full pages, then everything inside the signed-in layout. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <Starting />,
    children: [
      {
        element: (
          <Guard rule={{ public: true }}>
            <Outlet />
          </Guard>
        ),
        children: PUBLIC_ROUTES.map(toRoute),
      },
      {
        element: (
          <Guard>
            <Layout />
          </Guard>
        ),
        children: APP_ROUTES.map(toRoute),
      },
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
