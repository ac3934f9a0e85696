import { LECTURER, type RouteDef } from '../app/routeTypes';

/** Course management pages of the lecturer under `/courses/:id/…`. */
const manage = (id: string, segment: string, load: RouteDef['load']): RouteDef => ({
  id,
  path: `/courses/:id/${segment}`,
  load,
  roles: LECTURER,
  parent: 'course',
});

/** The courses: list, course page, editor and preview, and the lecturer's management pages. */
export const courseRoutes: RouteDef[] = [
  {
    id: 'courses',
    path: '/courses',
    load: () => import('./CoursesPage'),
    nav: { section: 'main', icon: 'book', order: 40 },
  },
  {
    id: 'courseRequests',
    path: '/courses/requests',
    load: () => import('./requests/CourseRequestsPage'),
    roles: LECTURER,
    parent: 'courses',
  },
  { id: 'course', path: '/courses/:id', load: () => import('./CoursePage'), parent: 'courses' },
  {
    id: 'courseEditExam',
    path: '/courses/:id/edit/exam',
    load: () => import('../exams/CourseExamsPage'),
    roles: LECTURER,
    parent: 'course',
    reducedSidebar: true,
  },
  {
    id: 'courseEdit',
    path: '/courses/:id/edit/:moduleId?/:submoduleId?',
    load: () => import('./editor/CourseEditorPage'),
    roles: LECTURER,
    parent: 'course',
    reducedSidebar: true,
  },
  {
    id: 'coursePreview',
    path: '/courses/:id/preview/:moduleId?/:submoduleId?',
    load: () => import('./CoursePreviewPage'),
    roles: LECTURER,
    parent: 'course',
    reducedSidebar: true,
  },
  manage('courseEnroll', 'enroll', () => import('./manage/EnrollPage')),
  manage('courseSettings', 'settings', () => import('./manage/CourseSettingsPage')),
  manage('courseDeleted', 'deleted', () => import('./manage/DeletedContentsPage')),
  manage('courseGradebook', 'gradebook', () => import('../gradebook/GradebookPage')),
  manage('courseCpmk', 'cpmk', () => import('../rps/CpmkPage')),
  manage('courseCompletion', 'completion', () => import('../completion/CompletionPage')),
];
