import type { Role } from '../auth/authApi';

/**
 * The route map of spec 01 §2 (and the routes of specs 02/03) as data: every screen with its roles,
 * title (an i18n key under `routes.`), breadcrumb parent, reduced-sidebar flag and sidebar entry.
 * `routes.tsx` turns it into React Router routes; the sidebar and the breadcrumbs read it too.
 */

export const ALL_ROLES: Role[] = ['admin', 'lecturer', 'student'];
const ADMIN_LECTURER: Role[] = ['admin', 'lecturer'];
const LECTURER: Role[] = ['lecturer'];

/** Which page module renders a route; `unavailable` names a feature whose service is not built yet. */
export type PageKind =
  | 'home'
  | 'dashboard'
  | 'courses'
  | 'course'
  | 'courseEdit'
  | 'coursePreview'
  | 'courseEnroll'
  | 'courseDeleted'
  | 'courseSettings'
  | 'profile'
  | 'account'
  | 'unavailable'
  | 'login'
  | 'landing'
  | 'lockScreen'
  | 'notFound'
  | 'status'
  | 'publicCourse'
  | 'publicUnavailable';

export type NavSection = 'main' | 'learning' | 'communication' | 'personal';

export type IconName =
  | 'home'
  | 'dashboard'
  | 'book'
  | 'clipboard'
  | 'exam'
  | 'chat'
  | 'users'
  | 'briefcase'
  | 'bell'
  | 'calendar'
  | 'survey'
  | 'check'
  | 'megaphone'
  | 'note'
  | 'bookmark'
  | 'mail'
  | 'user'
  | 'settings'
  | 'video'
  | 'form'
  | 'shield';

export interface RouteDef {
  /** Stable id: the i18n key `routes.{id}` is the title. */
  id: string;
  path: string;
  page: PageKind;
  /** Public full-page routes need no sign-in and render without the layout. */
  public?: boolean;
  /** Roles allowed; absent means all three (spec 01 §6). */
  roles?: Role[];
  /** Breadcrumb parent (a route id); its URL template is filled from the current params. */
  parent?: string;
  /** The sidebar shrinks to icons on this page (exam taking, editors, live classroom). */
  reducedSidebar?: boolean;
  /** A sidebar entry. */
  nav?: { section: NavSection; icon: IconName };
  /** For `unavailable` pages: the feature (i18n key `features.{feature}`) whose service is missing. */
  feature?: string;
}

/** Routes inside the signed-in layout. */
export const APP_ROUTES: RouteDef[] = [
  { id: 'home', path: '/', page: 'home', roles: ALL_ROLES, nav: { section: 'main', icon: 'home' } },
  { id: 'homepage', path: '/homepage', page: 'home', roles: ALL_ROLES },
  { id: 'dashboard', path: '/dashboard', page: 'dashboard', nav: { section: 'main', icon: 'dashboard' } },
  {
    id: 'adminDashboard',
    path: '/admin/dashboard',
    page: 'unavailable',
    roles: ['admin'],
    feature: 'adminDashboard',
    nav: { section: 'main', icon: 'shield' },
  },
  { id: 'courses', path: '/courses', page: 'courses', nav: { section: 'main', icon: 'book' } },
  { id: 'course', path: '/courses/:id', page: 'course', parent: 'courses' },
  {
    id: 'courseEditExam',
    path: '/courses/:id/edit/exam',
    page: 'unavailable',
    roles: LECTURER,
    parent: 'course',
    feature: 'exams',
    reducedSidebar: true,
  },
  {
    id: 'courseEdit',
    path: '/courses/:id/edit/:moduleId?/:submoduleId?',
    page: 'courseEdit',
    roles: LECTURER,
    parent: 'course',
    reducedSidebar: true,
  },
  {
    id: 'coursePreview',
    path: '/courses/:id/preview/:moduleId?/:submoduleId?',
    page: 'coursePreview',
    roles: LECTURER,
    parent: 'course',
    reducedSidebar: true,
  },
  ...(
    [
      ['courseEnroll', 'enroll'],
      ['courseSettings', 'settings'],
      ['courseDeleted', 'deleted'],
    ] as const
  ).map(([id, segment]): RouteDef => ({
    id,
    path: `/courses/:id/${segment}`,
    page: id,
    roles: LECTURER,
    parent: 'course',
  })),
  ...(
    [
      ['courseGradebook', 'gradebook', 'gradebook'],
      ['courseCpmk', 'cpmk', 'learningOutcomes'],
      ['courseCompletion', 'completion', 'completion'],
      ['courseLearningPlan', 'learning-plan', 'learningPlan'],
    ] as const
  ).map(([id, segment, feature]): RouteDef => ({
    id,
    path: `/courses/:id/${segment}`,
    page: 'unavailable',
    roles: LECTURER,
    parent: 'course',
    feature,
  })),
  {
    id: 'courseLearningPlanEdit',
    path: '/courses/:id/learning-plan/edit',
    page: 'unavailable',
    roles: LECTURER,
    parent: 'courseLearningPlan',
    feature: 'learningPlan',
    reducedSidebar: true,
  },
  {
    id: 'courseRpsStage',
    path: '/courses/:id/rps/stage/:stage',
    page: 'unavailable',
    roles: LECTURER,
    parent: 'course',
    feature: 'semesterPlan',
    reducedSidebar: true,
  },
  {
    id: 'courseRpsPreview',
    path: '/courses/:id/rps/preview/:code/:curriculum',
    page: 'unavailable',
    roles: LECTURER,
    parent: 'course',
    feature: 'semesterPlan',
  },

  // exams and assignments (spec 02)
  {
    id: 'assignments',
    path: '/assignment',
    page: 'unavailable',
    feature: 'assignments',
    nav: { section: 'learning', icon: 'clipboard' },
  },
  {
    id: 'assignment',
    path: '/assignment/:id',
    page: 'unavailable',
    parent: 'assignments',
    feature: 'assignments',
  },
  {
    id: 'assignmentDownload',
    path: '/assignment/:id/download',
    page: 'unavailable',
    roles: ADMIN_LECTURER,
    parent: 'assignment',
    feature: 'assignments',
  },
  {
    id: 'assignmentTake',
    path: '/assignment/take/:id',
    page: 'unavailable',
    parent: 'assignments',
    feature: 'assignments',
    reducedSidebar: true,
  },
  {
    id: 'assignmentGroup',
    path: '/assignment/group/:id',
    page: 'unavailable',
    parent: 'assignments',
    feature: 'groupAssignments',
  },
  {
    id: 'assignmentAnnotate',
    path: '/assignment/annotate-pdf/:answerId',
    page: 'unavailable',
    parent: 'assignments',
    feature: 'pdfAnnotation',
    reducedSidebar: true,
  },
  {
    id: 'exams',
    path: '/exam',
    page: 'unavailable',
    feature: 'exams',
    nav: { section: 'learning', icon: 'exam' },
  },
  { id: 'exam', path: '/exam/:id', page: 'unavailable', parent: 'exams', feature: 'exams' },
  { id: 'examEdit', path: '/exam/:id/edit', page: 'unavailable', parent: 'exam', feature: 'exams' },
  {
    id: 'examStart',
    path: '/exam/:id/start',
    page: 'unavailable',
    parent: 'exam',
    feature: 'exams',
    reducedSidebar: true,
  },
  {
    id: 'examPreview',
    path: '/exam/:id/preview/:pack',
    page: 'unavailable',
    parent: 'exam',
    feature: 'exams',
  },
  {
    id: 'examStatistic',
    path: '/exam/:id/statistic',
    page: 'unavailable',
    roles: ADMIN_LECTURER,
    parent: 'exam',
    feature: 'examStatistics',
  },
  {
    id: 'examDownload',
    path: '/exam/:id/download',
    page: 'unavailable',
    roles: ADMIN_LECTURER,
    parent: 'exam',
    feature: 'exams',
  },
  {
    id: 'discussions',
    path: '/discussion',
    page: 'unavailable',
    feature: 'discussions',
    nav: { section: 'learning', icon: 'chat' },
  },
  {
    id: 'discussion',
    path: '/discussion/:id',
    page: 'unavailable',
    parent: 'discussions',
    feature: 'discussions',
  },
  {
    id: 'discussionReply',
    path: '/discussion/:id/:replyId',
    page: 'unavailable',
    parent: 'discussion',
    feature: 'discussions',
  },
  {
    id: 'todo',
    path: '/todo',
    page: 'unavailable',
    feature: 'todo',
    nav: { section: 'main', icon: 'check' },
  },
  {
    id: 'announcements',
    path: '/announcements',
    page: 'unavailable',
    feature: 'announcements',
    nav: { section: 'communication', icon: 'megaphone' },
  },
  {
    id: 'announcementNew',
    path: '/announcements/new',
    page: 'unavailable',
    parent: 'announcements',
    feature: 'announcements',
  },

  // presence, live classroom, labs, surveys, workspaces, messaging (spec 03)
  {
    id: 'presence',
    path: '/presence',
    page: 'unavailable',
    feature: 'presence',
    nav: { section: 'learning', icon: 'users' },
  },
  {
    id: 'presenceClass',
    path: '/presence/:courseId/:classId',
    page: 'unavailable',
    parent: 'presence',
    feature: 'presence',
  },
  {
    id: 'presenceDetail',
    path: '/presence/:courseId/:classId/detail/:presenceId',
    page: 'unavailable',
    roles: ADMIN_LECTURER,
    parent: 'presenceClass',
    feature: 'presence',
  },
  { id: 'liveClass', path: '/crs/:id', page: 'unavailable', feature: 'liveClass', reducedSidebar: true },
  {
    id: 'liveClassResult',
    path: '/crs/:id/result',
    page: 'unavailable',
    parent: 'liveClass',
    feature: 'liveClass',
  },
  {
    id: 'liveClassH5p',
    path: '/crs-result-h5p/:id',
    page: 'unavailable',
    roles: LECTURER,
    feature: 'interactiveContent',
  },
  { id: 'vlabResult', path: '/vlabs/result/:id', page: 'unavailable', feature: 'virtualLabs' },
  {
    id: 'workspaces',
    path: '/workspace',
    page: 'unavailable',
    feature: 'workspaces',
    nav: { section: 'learning', icon: 'briefcase' },
  },
  {
    id: 'workspaceProjects',
    path: '/workspace/project-list/:workspaceId',
    page: 'unavailable',
    parent: 'workspaces',
    feature: 'workspaces',
  },
  {
    id: 'workspaceProject',
    path: '/workspace/project-detail/:projectId',
    page: 'unavailable',
    parent: 'workspaces',
    feature: 'workspaces',
  },
  {
    id: 'workspaceModule',
    path: '/workspace/project-detail/:projectId/module-detail/:moduleId',
    page: 'unavailable',
    parent: 'workspaceProject',
    feature: 'workspaces',
  },
  {
    id: 'surveys',
    path: '/survey',
    page: 'unavailable',
    feature: 'surveys',
    nav: { section: 'learning', icon: 'survey' },
  },
  { id: 'survey', path: '/survey/:id', page: 'unavailable', parent: 'surveys', feature: 'surveys' },
  {
    id: 'surveyTake',
    path: '/survey/:id/take',
    page: 'unavailable',
    parent: 'survey',
    feature: 'surveys',
    reducedSidebar: true,
  },
  {
    id: 'forms',
    path: '/forms',
    page: 'unavailable',
    feature: 'logbooks',
    nav: { section: 'learning', icon: 'form' },
  },
  { id: 'form', path: '/forms/:id', page: 'unavailable', parent: 'forms', feature: 'logbooks' },
  { id: 'formGradebook', path: '/gradebook/:id', page: 'unavailable', parent: 'forms', feature: 'logbooks' },
  {
    id: 'vicon',
    path: '/vicon',
    page: 'unavailable',
    feature: 'videoConferences',
    nav: { section: 'learning', icon: 'video' },
  },
  {
    id: 'agenda',
    path: '/agenda',
    page: 'unavailable',
    feature: 'agenda',
    nav: { section: 'main', icon: 'calendar' },
  },
  {
    id: 'messages',
    path: '/messages',
    page: 'unavailable',
    feature: 'messages',
    nav: { section: 'communication', icon: 'mail' },
  },
  { id: 'messageNew', path: '/messages/new', page: 'unavailable', parent: 'messages', feature: 'messages' },
  {
    id: 'messagesSent',
    path: '/messages/sent',
    page: 'unavailable',
    parent: 'messages',
    feature: 'messages',
  },
  { id: 'message', path: '/messages/:id', page: 'unavailable', parent: 'messages', feature: 'messages' },
  {
    id: 'notifications',
    path: '/notification',
    page: 'unavailable',
    feature: 'notifications',
    nav: { section: 'communication', icon: 'bell' },
  },
  { id: 'news', path: '/news/:id', page: 'unavailable', parent: 'home', feature: 'news' },
  {
    id: 'notes',
    path: '/notes',
    page: 'unavailable',
    feature: 'notes',
    nav: { section: 'personal', icon: 'note' },
  },
  {
    id: 'bookmarks',
    path: '/bookmark',
    page: 'unavailable',
    feature: 'bookmarks',
    nav: { section: 'personal', icon: 'bookmark' },
  },
  { id: 'profile', path: '/settings/profile', page: 'profile', nav: { section: 'personal', icon: 'user' } },
  {
    id: 'account',
    path: '/settings/account',
    page: 'account',
    nav: { section: 'personal', icon: 'settings' },
  },
];

/** Public full-page routes (no sign-in, no layout). */
export const PUBLIC_ROUTES: RouteDef[] = [
  { id: 'landing', path: '/home-landing', page: 'landing', public: true },
  { id: 'landingCampus', path: '/landing', page: 'landing', public: true },
  { id: 'callback', path: '/callback', page: 'publicUnavailable', public: true, feature: 'singleSignOn' },
  {
    id: 'ssoWebhook',
    path: '/webhook/sso',
    page: 'publicUnavailable',
    public: true,
    feature: 'singleSignOn',
  },
  { id: 'login', path: '/pages/login', page: 'login', public: true },
  { id: 'loginNew', path: '/pages/login/new', page: 'login', public: true },
  {
    id: 'register',
    path: '/pages/register',
    page: 'publicUnavailable',
    public: true,
    feature: 'registration',
  },
  {
    id: 'forgotPassword',
    path: '/pages/forgot-password',
    page: 'publicUnavailable',
    public: true,
    feature: 'passwordReset',
  },
  {
    id: 'resetPassword',
    path: '/pages/reset-password',
    page: 'publicUnavailable',
    public: true,
    feature: 'passwordReset',
  },
  { id: 'lockScreen', path: '/pages/lock-screen', page: 'lockScreen', public: true },
  { id: 'comingSoon', path: '/pages/comingsoon', page: 'status', public: true },
  { id: 'error404', path: '/pages/error-404', page: 'notFound', public: true },
  { id: 'error500', path: '/pages/error-500', page: 'status', public: true },
  { id: 'notAuthorized', path: '/pages/not-authorized', page: 'status', public: true },
  { id: 'maintenance', path: '/pages/maintenance', page: 'status', public: true },
  {
    id: 'publicCourse',
    path: '/public/courses/:id/:moduleId?/:submoduleId?',
    page: 'publicCourse',
    public: true,
  },
  {
    id: 'previewRps',
    path: '/pages/preview-rps/:kodeMk/:curriculum',
    page: 'publicUnavailable',
    public: true,
    feature: 'semesterPlan',
  },
  {
    id: 'pocWhiteboard',
    path: '/test/poc-whiteboard',
    page: 'publicUnavailable',
    public: true,
    feature: 'whiteboard',
  },
  {
    id: 'pocEditPdf',
    path: '/test/poc-edit-pdf',
    page: 'publicUnavailable',
    public: true,
    feature: 'pdfEditor',
  },
];

export const ROUTE_DEFS: RouteDef[] = [...APP_ROUTES, ...PUBLIC_ROUTES];
const BY_ID = new Map(ROUTE_DEFS.map((def) => [def.id, def]));

export function routeDef(id: string): RouteDef | undefined {
  return BY_ID.get(id);
}

/** One breadcrumb: its title key, an optional label from state, and a link unless it is the current page. */
export interface Crumb {
  id: string;
  titleKey: string;
  label?: string;
  href: string | null;
}

/**
 * Fills a URL template (`/courses/:id/edit/:moduleId?`) from params: optional segments without a
 * value are dropped; a missing required parameter leaves the template unfillable (null).
 */
export function fillPath(template: string, params: Record<string, string | undefined>): string | null {
  const segments: string[] = [];
  for (const segment of template.split('/').filter(Boolean)) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const value = params[segment.slice(1, optional ? -1 : undefined)];
    if (value) segments.push(encodeURIComponent(value));
    else if (!optional) return null;
  }
  return `/${segments.join('/')}`;
}

/**
 * Breadcrumbs of a route: Home, then the chain of parents, then the page itself (not linked).
 * `labels` carries names known from state (a course's name for `course`, say).
 */
export function buildBreadcrumbs(
  routeId: string,
  params: Record<string, string | undefined>,
  labels: Record<string, string | undefined> = {},
): Crumb[] {
  const chain: RouteDef[] = [];
  const seen = new Set<string>();
  for (
    let def = routeDef(routeId);
    def && !seen.has(def.id);
    def = def.parent ? routeDef(def.parent) : undefined
  ) {
    seen.add(def.id);
    chain.unshift(def);
  }
  if (chain.length === 0) return [];
  if (chain[0].id !== 'home' && chain[0].id !== 'homepage') chain.unshift(routeDef('home')!);
  return chain.map((def, index) => ({
    id: def.id,
    titleKey: `routes.${def.id}`,
    ...(labels[def.id] ? { label: labels[def.id] } : {}),
    href: index === chain.length - 1 ? null : fillPath(def.path, params),
  }));
}

export interface NavItem {
  id: string;
  path: string;
  titleKey: string;
  icon: IconName;
}

export const NAV_SECTIONS: NavSection[] = ['main', 'learning', 'communication', 'personal'];

/** The sidebar for a role: routes with a sidebar entry that the role may open, by section. */
export function navFor(role: Role | undefined): Array<{ section: NavSection; items: NavItem[] }> {
  return NAV_SECTIONS.map((section) => ({
    section,
    items: APP_ROUTES.filter(
      (def) => def.nav?.section === section && role !== undefined && (def.roles ?? ALL_ROLES).includes(role),
    ).map((def) => ({ id: def.id, path: def.path, titleKey: `routes.${def.id}`, icon: def.nav!.icon })),
  })).filter((group) => group.items.length > 0);
}
