import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Guard, type RouteHandle } from '../auth/Guard';
import { NOT_FOUND_PATH } from '../auth/guard';
import { Layout } from '../layout/Layout';
import { Spinner } from '../layout/Spinner';
import { loadChunk } from './chunks';
import { RouteError } from './RouteError';
import { APP_ROUTES, PUBLIC_ROUTES } from './routeMap';
import type { PageLoader, RouteDef } from './routeTypes';

const unavailable: PageLoader = () => import('../pages/UnavailablePage');
const publicUnavailable: PageLoader = () => import('../public/PublicUnavailablePage');

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

/** A route of the map: its page in the main bundle, as a chunk, or the "not available yet" page. */
function toRoute(def: RouteDef): RouteObject {
  const base = { path: def.path, handle: handleOf(def), errorElement: <RouteError /> };
  if (def.component) return { ...base, Component: def.component };
  const load = def.load ?? (def.public ? publicUnavailable : unavailable);
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
