import { ADMIN_LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * The exams (spec 01 §2, spec 02): the list, the editor and the student's preview of a package.
 * Taking an exam, its results, statistics and downloads come with the exam-day service work and
 * show the "not available yet" page of exam taking until then.
 */
export const examRoutes: RouteDef[] = [
  {
    id: 'exams',
    path: '/exam',
    load: () => import('./ExamsPage'),
    nav: { section: 'learning', icon: 'exam', order: 20 },
  },
  { id: 'exam', path: '/exam/:id', parent: 'exams', feature: 'examTaking' },
  { id: 'examEdit', path: '/exam/:id/edit', load: () => import('./ExamEditPage'), parent: 'exams' },
  { id: 'examStart', path: '/exam/:id/start', parent: 'exam', feature: 'examTaking', reducedSidebar: true },
  {
    id: 'examPreview',
    path: '/exam/:id/preview/:pack',
    load: () => import('./ExamPreviewPage'),
    parent: 'examEdit',
  },
  {
    id: 'examStatistic',
    path: '/exam/:id/statistic',
    roles: ADMIN_LECTURER,
    parent: 'exam',
    feature: 'examStatistics',
  },
  {
    id: 'examDownload',
    path: '/exam/:id/download',
    roles: ADMIN_LECTURER,
    parent: 'exam',
    feature: 'examTaking',
  },
];
