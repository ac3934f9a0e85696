import { ADMIN_LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * The assignments (spec 01 §2, spec 02 §3–§9, issue 14). `/assignment` and `/assignment/{id}` are
 * one address for two pages chosen by role (`AssignmentPages.tsx`, like ExamPage): the staff's list
 * of tasks to grade and a task's detail with its counts and charts; a student's list and their task.
 * The staff also have the editor, the submissions and grading view and the downloads (`staff/`).
 * A student answers on the take page, or on the group's page for a group task (`student/`). The
 * PDF annotation screen (`annotate/`) serves both: staff annotate, the answer's student reads.
 */
export const taskRoutes: RouteDef[] = [
  {
    id: 'assignments',
    path: '/assignment',
    load: () => import('./AssignmentPages').then((m) => ({ default: m.AssignmentsPage })),
    nav: { section: 'learning', icon: 'clipboard', order: 10 },
  },
  {
    id: 'assignmentNew',
    path: '/assignment/new',
    roles: ADMIN_LECTURER,
    parent: 'assignments',
    load: () => import('./staff/TaskEditPage'),
  },
  {
    id: 'assignment',
    path: '/assignment/:id',
    parent: 'assignments',
    load: () => import('./AssignmentPages').then((m) => ({ default: m.AssignmentPage })),
  },
  {
    id: 'assignmentEdit',
    path: '/assignment/:id/edit',
    roles: ADMIN_LECTURER,
    parent: 'assignment',
    load: () => import('./staff/TaskEditPage'),
  },
  {
    id: 'assignmentSubmissions',
    path: '/assignment/:id/submissions',
    roles: ADMIN_LECTURER,
    parent: 'assignment',
    load: () => import('./staff/SubmissionsPage'),
  },
  {
    id: 'assignmentDownload',
    path: '/assignment/:id/download',
    roles: ADMIN_LECTURER,
    parent: 'assignment',
    load: () => import('./staff/TaskDownloadPage'),
  },
  {
    id: 'assignmentTake',
    path: '/assignment/take/:id',
    parent: 'assignment',
    reducedSidebar: true,
    load: () => import('./AssignmentPages').then((m) => ({ default: m.TakeAssignmentPage })),
  },
  {
    id: 'assignmentGroup',
    path: '/assignment/group/:id',
    parent: 'assignment',
    load: () => import('./AssignmentPages').then((m) => ({ default: m.GroupAssignmentPage })),
  },
  {
    id: 'assignmentAnnotate',
    path: '/assignment/annotate-pdf/:answerId',
    parent: 'assignments',
    reducedSidebar: true,
    load: () => import('./annotate/AnnotatePdfPage'),
  },
];
