import { LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * Semester plans (RPS, spec 03 §2, issue 19): the list (the approver's campus-wide), a course's
 * plans, the preview with its approval, the stage editor and the public preview. `/rps`,
 * `/rps/{planId}` and `/courses/{id}/rps` are not in the spec: where a plan is found, made, copied
 * and decided (an approver is not in the plan's course). Administrators cannot sign in to the web.
 */
export const rpsRoutes: RouteDef[] = [
  {
    id: 'rpsList',
    path: '/rps',
    roles: LECTURER,
    load: () => import('./RpsListPage'),
    nav: { section: 'learning', icon: 'clipboard', order: 90 },
  },
  {
    id: 'rpsPlan',
    path: '/rps/:planId',
    roles: LECTURER,
    parent: 'rpsList',
    load: () => import('./RpsPreviewPage'),
  },
  {
    id: 'courseRps',
    path: '/courses/:id/rps',
    roles: LECTURER,
    parent: 'course',
    load: () => import('./CourseRpsPage'),
  },
  {
    id: 'courseRpsStage',
    path: '/courses/:id/rps/stage/:stage',
    roles: LECTURER,
    parent: 'courseRps',
    load: () => import('./RpsStagePage'),
    reducedSidebar: true,
  },
  {
    id: 'courseRpsPreview',
    path: '/courses/:id/rps/preview/:code/:curriculum',
    roles: LECTURER,
    parent: 'courseRps',
    load: () => import('./RpsPreviewPage'),
  },
];

/** The learning plan of a course (its course plan and meetings) and its editor. */
export const learningPlanRoutes: RouteDef[] = [
  {
    id: 'courseLearningPlan',
    path: '/courses/:id/learning-plan',
    roles: LECTURER,
    parent: 'course',
    load: () => import('./LearningPlanPage'),
  },
  {
    id: 'courseLearningPlanEdit',
    path: '/courses/:id/learning-plan/edit',
    roles: LECTURER,
    parent: 'courseLearningPlan',
    load: () => import('./LearningPlanPage'),
    reducedSidebar: true,
  },
];

/** The public preview of an approved plan, without signing in. */
export const rpsPublicRoutes: RouteDef[] = [
  {
    id: 'previewRps',
    path: '/pages/preview-rps/:kodeMk/:curriculum',
    public: true,
    load: () => import('./PublicRpsPage'),
  },
];
