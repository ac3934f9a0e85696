import { ADMIN_LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * Surveys (spec 03 §2, issue 19): the caller's course surveys, one with its results (staff) or the
 * lecturer's response (students), the answering page. Making a survey (`/survey/new`) is not in
 * the spec's routes.
 */
export const surveyRoutes: RouteDef[] = [
  {
    id: 'surveys',
    path: '/survey',
    load: () => import('./SurveysPage'),
    nav: { section: 'learning', icon: 'survey', order: 60 },
  },
  {
    id: 'surveyNew',
    path: '/survey/new',
    roles: ADMIN_LECTURER,
    parent: 'surveys',
    load: () => import('./NewSurveyPage'),
  },
  { id: 'survey', path: '/survey/:id', parent: 'surveys', load: () => import('./SurveyPage') },
  {
    id: 'surveyTake',
    path: '/survey/:id/take',
    parent: 'survey',
    reducedSidebar: true,
    load: () => import('./TakeSurveyPage'),
  },
];
