import { ADMIN_LECTURER, LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * The screens of features whose services are not built yet (specs 02 and 03): each route answers
 * with the "not available yet" page of its feature. When a feature is built, its routes move to its
 * own feature module with their pages.
 */
export const upcomingRoutes: RouteDef[] = [
  {
    id: 'adminDashboard',
    path: '/admin/dashboard',
    roles: ['admin'],
    feature: 'adminDashboard',
    nav: { section: 'main', icon: 'shield', order: 30 },
  },
  // exams and assignments (spec 02)
  {
    id: 'assignments',
    path: '/assignment',
    feature: 'assignments',
    nav: { section: 'learning', icon: 'clipboard', order: 10 },
  },
  {
    id: 'assignment',
    path: '/assignment/:id',
    parent: 'assignments',
    feature: 'assignments',
  },
  {
    id: 'assignmentDownload',
    path: '/assignment/:id/download',
    roles: ADMIN_LECTURER,
    parent: 'assignment',
    feature: 'assignments',
  },
  {
    id: 'assignmentTake',
    path: '/assignment/take/:id',
    parent: 'assignments',
    feature: 'assignments',
    reducedSidebar: true,
  },
  {
    id: 'assignmentGroup',
    path: '/assignment/group/:id',
    parent: 'assignments',
    feature: 'groupAssignments',
  },
  {
    id: 'assignmentAnnotate',
    path: '/assignment/annotate-pdf/:answerId',
    parent: 'assignments',
    feature: 'pdfAnnotation',
    reducedSidebar: true,
  },
  {
    id: 'exams',
    path: '/exam',
    feature: 'exams',
    nav: { section: 'learning', icon: 'exam', order: 20 },
  },
  { id: 'exam', path: '/exam/:id', parent: 'exams', feature: 'exams' },
  { id: 'examEdit', path: '/exam/:id/edit', parent: 'exam', feature: 'exams' },
  {
    id: 'examStart',
    path: '/exam/:id/start',
    parent: 'exam',
    feature: 'exams',
    reducedSidebar: true,
  },
  {
    id: 'examPreview',
    path: '/exam/:id/preview/:pack',
    parent: 'exam',
    feature: 'exams',
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
    feature: 'exams',
  },
  {
    id: 'discussions',
    path: '/discussion',
    feature: 'discussions',
    nav: { section: 'learning', icon: 'chat', order: 30 },
  },
  {
    id: 'discussion',
    path: '/discussion/:id',
    parent: 'discussions',
    feature: 'discussions',
  },
  {
    id: 'discussionReply',
    path: '/discussion/:id/:replyId',
    parent: 'discussion',
    feature: 'discussions',
  },
  {
    id: 'todo',
    path: '/todo',
    feature: 'todo',
    nav: { section: 'main', icon: 'check', order: 50 },
  },
  {
    id: 'announcements',
    path: '/announcements',
    feature: 'announcements',
    nav: { section: 'communication', icon: 'megaphone', order: 10 },
  },
  {
    id: 'announcementNew',
    path: '/announcements/new',
    parent: 'announcements',
    feature: 'announcements',
  },

  // presence, live classroom, labs, surveys, workspaces, messaging (spec 03)
  {
    id: 'presence',
    path: '/presence',
    feature: 'presence',
    nav: { section: 'learning', icon: 'users', order: 40 },
  },
  {
    id: 'presenceClass',
    path: '/presence/:courseId/:classId',
    parent: 'presence',
    feature: 'presence',
  },
  {
    id: 'presenceDetail',
    path: '/presence/:courseId/:classId/detail/:presenceId',
    roles: ADMIN_LECTURER,
    parent: 'presenceClass',
    feature: 'presence',
  },
  { id: 'liveClass', path: '/crs/:id', feature: 'liveClass', reducedSidebar: true },
  {
    id: 'liveClassResult',
    path: '/crs/:id/result',
    parent: 'liveClass',
    feature: 'liveClass',
  },
  {
    id: 'liveClassH5p',
    path: '/crs-result-h5p/:id',
    roles: LECTURER,
    feature: 'interactiveContent',
  },
  { id: 'vlabResult', path: '/vlabs/result/:id', feature: 'virtualLabs' },
  {
    id: 'workspaces',
    path: '/workspace',
    feature: 'workspaces',
    nav: { section: 'learning', icon: 'briefcase', order: 50 },
  },
  {
    id: 'workspaceProjects',
    path: '/workspace/project-list/:workspaceId',
    parent: 'workspaces',
    feature: 'workspaces',
  },
  {
    id: 'workspaceProject',
    path: '/workspace/project-detail/:projectId',
    parent: 'workspaces',
    feature: 'workspaces',
  },
  {
    id: 'workspaceModule',
    path: '/workspace/project-detail/:projectId/module-detail/:moduleId',
    parent: 'workspaceProject',
    feature: 'workspaces',
  },
  {
    id: 'surveys',
    path: '/survey',
    feature: 'surveys',
    nav: { section: 'learning', icon: 'survey', order: 60 },
  },
  { id: 'survey', path: '/survey/:id', parent: 'surveys', feature: 'surveys' },
  {
    id: 'surveyTake',
    path: '/survey/:id/take',
    parent: 'survey',
    feature: 'surveys',
    reducedSidebar: true,
  },
  {
    id: 'forms',
    path: '/forms',
    feature: 'logbooks',
    nav: { section: 'learning', icon: 'form', order: 70 },
  },
  { id: 'form', path: '/forms/:id', parent: 'forms', feature: 'logbooks' },
  { id: 'formGradebook', path: '/gradebook/:id', parent: 'forms', feature: 'logbooks' },
  {
    id: 'vicon',
    path: '/vicon',
    feature: 'videoConferences',
    nav: { section: 'learning', icon: 'video', order: 80 },
  },
  {
    id: 'agenda',
    path: '/agenda',
    feature: 'agenda',
    nav: { section: 'main', icon: 'calendar', order: 60 },
  },
  {
    id: 'messages',
    path: '/messages',
    feature: 'messages',
    nav: { section: 'communication', icon: 'mail', order: 20 },
  },
  { id: 'messageNew', path: '/messages/new', parent: 'messages', feature: 'messages' },
  {
    id: 'messagesSent',
    path: '/messages/sent',
    parent: 'messages',
    feature: 'messages',
  },
  { id: 'message', path: '/messages/:id', parent: 'messages', feature: 'messages' },
  {
    id: 'notifications',
    path: '/notification',
    feature: 'notifications',
    nav: { section: 'communication', icon: 'bell', order: 30 },
  },
  { id: 'news', path: '/news/:id', parent: 'home', feature: 'news' },
  {
    id: 'notes',
    path: '/notes',
    feature: 'notes',
    nav: { section: 'personal', icon: 'note', order: 10 },
  },
  {
    id: 'bookmarks',
    path: '/bookmark',
    feature: 'bookmarks',
    nav: { section: 'personal', icon: 'bookmark', order: 20 },
  },
];

/** Public screens of features not built yet (sign-on, registration, password reset, tools). */
export const upcomingPublicRoutes: RouteDef[] = [
  { id: 'callback', path: '/callback', public: true, feature: 'singleSignOn' },
  { id: 'ssoWebhook', path: '/webhook/sso', public: true, feature: 'singleSignOn' },
  { id: 'register', path: '/pages/register', public: true, feature: 'registration' },
  { id: 'forgotPassword', path: '/pages/forgot-password', public: true, feature: 'passwordReset' },
  { id: 'resetPassword', path: '/pages/reset-password', public: true, feature: 'passwordReset' },
  {
    id: 'previewRps',
    path: '/pages/preview-rps/:kodeMk/:curriculum',
    public: true,
    feature: 'semesterPlan',
  },
  { id: 'pocWhiteboard', path: '/test/poc-whiteboard', public: true, feature: 'whiteboard' },
  { id: 'pocEditPdf', path: '/test/poc-edit-pdf', public: true, feature: 'pdfEditor' },
];
