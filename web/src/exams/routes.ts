import { ADMIN_LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * The exams (spec 01 §2, spec 02): the list, the editor, the student's preview of a package,
 * taking one — the lobby and taking screen (`take/ExamStartPage`) — and `/exam/{id}`: the
 * student's result (`take/ExamResultPage`) or, for the exam's staff, the monitor and the essay
 * grading queue (`staff/ExamStaffPage`); statistics and downloads (`staff/`).
 */
export const examRoutes: RouteDef[] = [
  {
    id: 'exams',
    path: '/exam',
    load: () => import('./ExamsPage'),
    nav: { section: 'learning', icon: 'exam', order: 20 },
  },
  // the staff's monitor and grading queue, or the student's result
  { id: 'exam', path: '/exam/:id', load: () => import('./ExamPage'), parent: 'exams' },
  { id: 'examEdit', path: '/exam/:id/edit', load: () => import('./ExamEditPage'), parent: 'exams' },
  {
    id: 'examStart',
    path: '/exam/:id/start',
    load: () => import('./take/ExamStartPage'),
    parent: 'exam',
    reducedSidebar: true,
  },
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
    load: () => import('./staff/ExamStatisticPage'),
  },
  {
    id: 'examDownload',
    path: '/exam/:id/download',
    roles: ADMIN_LECTURER,
    parent: 'exam',
    load: () => import('./staff/ExamDownloadPage'),
  },
];
