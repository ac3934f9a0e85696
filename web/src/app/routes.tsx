import { Navigate, type RouteObject } from 'react-router-dom';
import { Guard, type RouteHandle } from '../auth/Guard';
import { LOGIN_PATH, NOT_FOUND_PATH } from '../auth/guard';
import { CoursesPage } from '../courses/CoursesPage';
import { Layout } from '../layout/Layout';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';

const home: RouteHandle = { title: 'Home', roles: ['admin', 'lecturer', 'student'] };

/** The route map (spec 01 §2): public full pages, then everything inside the signed-in layout. */
export const routes: RouteObject[] = [
  {
    path: LOGIN_PATH,
    element: (
      <Guard rule={{ public: true }}>
        <LoginPage />
      </Guard>
    ),
  },
  { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
  {
    element: (
      <Guard>
        <Layout />
      </Guard>
    ),
    children: [
      { path: '/', element: <HomePage />, handle: home },
      { path: '/homepage', element: <HomePage />, handle: home },
      { path: '/courses', element: <CoursesPage />, handle: { title: 'Courses' } satisfies RouteHandle },
    ],
  },
  { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
];
