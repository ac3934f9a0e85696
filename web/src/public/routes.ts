import type { PageLoader, RouteDef } from '../app/routeTypes';

/** The campus landing page with the public catalogue. */
export const landingPage: PageLoader = () => import('./LandingPage');

/** What a visitor reads without signing in: the landing page and public courses. */
export const publicRoutes: RouteDef[] = [
  { id: 'landing', path: '/home-landing', load: landingPage, public: true },
  { id: 'landingCampus', path: '/landing', load: landingPage, public: true },
  {
    id: 'publicCourse',
    path: '/public/courses/:id/:moduleId?/:submoduleId?',
    load: () => import('./PublicCoursePage'),
    public: true,
  },
];
