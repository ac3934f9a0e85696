import { describe, expect, it } from 'vitest';
import { landingPage } from '../public/routes';
import type { Role } from '../auth/authApi';
import { APP_ROUTES, PUBLIC_ROUTES, ROUTE_DEFS, buildBreadcrumbs, fillPath, navFor } from './routeMap';

describe('the route map', () => {
  it('holds every route of spec 01 §2 and specs 02/03', () => {
    const paths = ROUTE_DEFS.map((def) => def.path);
    for (const path of [
      '/',
      '/homepage',
      '/dashboard',
      '/admin/dashboard',
      '/assignment',
      '/assignment/:id',
      '/assignment/new',
      '/assignment/:id/edit',
      '/assignment/:id/submissions',
      '/assignment/:id/download',
      '/assignment/take/:id',
      '/assignment/group/:id',
      '/assignment/annotate-pdf/:answerId',
      '/crs/:id',
      '/crs/:id/result',
      '/crs-result-h5p/:id',
      '/discussion',
      '/discussion/:id',
      '/discussion/:id/:replyId',
      '/exam',
      '/exam/:id/edit',
      '/exam/:id',
      '/exam/:id/start',
      '/exam/:id/preview/:pack',
      '/exam/:id/statistic',
      '/exam/:id/download',
      '/presence',
      '/presence/:courseId/:classId',
      '/presence/:courseId/:classId/detail/:presenceId',
      '/workspace',
      '/workspace/project-list/:workspaceId',
      '/workspace/project-detail/:projectId',
      '/workspace/project-detail/:projectId/module-detail/:moduleId',
      '/courses',
      '/courses/:id',
      '/courses/:id/edit/exam',
      '/courses/:id/edit/:moduleId?/:submoduleId?',
      '/courses/:id/preview/:moduleId?/:submoduleId?',
      '/courses/:id/enroll',
      '/courses/:id/settings',
      '/courses/:id/deleted',
      '/courses/:id/gradebook',
      '/courses/:id/cpmk',
      '/courses/:id/completion',
      '/courses/:id/crs',
      '/courses/:id/learning-plan',
      '/courses/:id/learning-plan/edit',
      '/courses/:id/rps/stage/:stage',
      '/courses/:id/rps/preview/:code/:curriculum',
      '/notification',
      '/news/:id',
      '/agenda',
      '/survey',
      '/survey/:id',
      '/survey/:id/take',
      '/todo',
      '/announcements',
      '/announcements/new',
      '/vlabs/result/:id',
      '/notes',
      '/bookmark',
      '/search',
      '/messages',
      '/messages/new',
      '/messages/sent',
      '/messages/:id',
      '/settings/profile',
      '/settings/account',
      '/vicon',
      '/forms',
      '/forms/:id',
      '/gradebook/:id',
      '/home-landing',
      '/callback',
      '/webhook/sso',
      '/pages/login',
      '/pages/login/new',
      '/pages/register',
      '/pages/forgot-password',
      '/pages/reset-password',
      '/pages/verify-email',
      '/pages/lock-screen',
      '/pages/comingsoon',
      '/pages/error-404',
      '/pages/error-500',
      '/pages/not-authorized',
      '/pages/maintenance',
      '/public/courses/:id/:moduleId?/:submoduleId?',
      '/pages/preview-rps/:kodeMk/:curriculum',
      '/test/poc-whiteboard',
      '/test/poc-edit-pdf',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('gives every route a unique id and path, a known parent and, when unavailable, a feature', () => {
    const ids = ROUTE_DEFS.map((def) => def.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ROUTE_DEFS.map((def) => def.path)).size).toBe(ROUTE_DEFS.length);
    for (const def of ROUTE_DEFS) {
      if (def.parent) expect(ids).toContain(def.parent);
      // a route shows its page or, without one, the "not available yet" page of its feature
      if (!def.load && !def.component) expect(def.feature, def.id).toBeTruthy();
      else expect(def.feature, def.id).toBeUndefined();
    }
    expect(PUBLIC_ROUTES.every((def) => def.public)).toBe(true);
    expect(APP_ROUTES.some((def) => def.public)).toBe(false);
  });

  it('states the roles of spec 01 §6: lecturer-only course management, admin and lecturer downloads', () => {
    const rolesOf = (path: string) => ROUTE_DEFS.find((def) => def.path === path)?.roles;
    expect(rolesOf('/courses/:id/gradebook')).toEqual(['lecturer']);
    expect(rolesOf('/courses/:id/rps/stage/:stage')).toEqual(['lecturer']);
    expect(rolesOf('/crs-result-h5p/:id')).toEqual(['lecturer']);
    expect(rolesOf('/exam/:id/statistic')).toEqual(['admin', 'lecturer']);
    expect(rolesOf('/presence/:courseId/:classId/detail/:presenceId')).toEqual(['admin', 'lecturer']);
    expect(rolesOf('/admin/dashboard')).toEqual(['admin']);
    expect(rolesOf('/courses')).toBeUndefined();
  });

  it('shows the public course view and the catalogue (no longer an unavailable feature)', () => {
    const publicCourse = ROUTE_DEFS.find((def) => def.id === 'publicCourse');
    expect(publicCourse).toMatchObject({
      path: '/public/courses/:id/:moduleId?/:submoduleId?',
      public: true,
    });
    expect(publicCourse?.load).toBeTypeOf('function');
    expect(publicCourse?.feature).toBeUndefined();
    expect(ROUTE_DEFS.filter((def) => def.load === landingPage).map((def) => def.path)).toEqual([
      '/home-landing',
      '/landing',
    ]);
    expect(ROUTE_DEFS.some((def) => def.feature === 'publicCatalogue')).toBe(false);
  });

  it('reduces the sidebar where the page needs the room', () => {
    const reduced = ROUTE_DEFS.filter((def) => def.reducedSidebar).map((def) => def.path);
    expect(reduced).toEqual(
      expect.arrayContaining([
        '/exam/:id/start',
        '/assignment/take/:id',
        '/courses/:id/edit/:moduleId?/:submoduleId?',
      ]),
    );
    expect(reduced).not.toContain('/courses');
  });
});

describe('fillPath', () => {
  it('fills parameters and drops optional segments without a value', () => {
    expect(fillPath('/courses/:id', { id: '7' })).toBe('/courses/7');
    expect(fillPath('/courses/:id/edit/:moduleId?/:submoduleId?', { id: '7' })).toBe('/courses/7/edit');
    expect(fillPath('/courses/:id/edit/:moduleId?/:submoduleId?', { id: '7', moduleId: '2' })).toBe(
      '/courses/7/edit/2',
    );
    expect(fillPath('/', {})).toBe('/');
  });

  it('cannot fill a template without a required parameter, and encodes values', () => {
    expect(fillPath('/workspace/project-list/:workspaceId', {})).toBeNull();
    expect(fillPath('/news/:id', { id: 'a/b' })).toBe('/news/a%2Fb');
  });
});

describe('buildBreadcrumbs', () => {
  it('walks the parents from Home to the page, linking all but the page itself', () => {
    expect(buildBreadcrumbs('examStatistic', { id: '4' })).toEqual([
      { id: 'home', titleKey: 'routes.home', href: '/' },
      { id: 'exams', titleKey: 'routes.exams', href: '/exam' },
      { id: 'exam', titleKey: 'routes.exam', href: '/exam/4' },
      { id: 'examStatistic', titleKey: 'routes.examStatistic', href: null },
    ]);
  });

  it('labels a crumb from state (a course name) and fills nested templates', () => {
    expect(buildBreadcrumbs('courseLearningPlanEdit', { id: '3' }, { course: 'Algorithms' })).toEqual([
      { id: 'home', titleKey: 'routes.home', href: '/' },
      { id: 'courses', titleKey: 'routes.courses', href: '/courses' },
      { id: 'course', titleKey: 'routes.course', label: 'Algorithms', href: '/courses/3' },
      { id: 'courseLearningPlan', titleKey: 'routes.courseLearningPlan', href: '/courses/3/learning-plan' },
      { id: 'courseLearningPlanEdit', titleKey: 'routes.courseLearningPlanEdit', href: null },
    ]);
  });

  it('shows Home alone on the homepage and nothing for an unknown route', () => {
    expect(buildBreadcrumbs('home', {})).toEqual([{ id: 'home', titleKey: 'routes.home', href: null }]);
    expect(buildBreadcrumbs('nope', {})).toEqual([]);
  });
});

describe('navFor', () => {
  const ids = (role: Parameters<typeof navFor>[0]) =>
    navFor(role).flatMap((group) => group.items.map((item) => item.id));

  it('builds the sidebar from the route map, by section, without routes the role may not open', () => {
    const student = navFor('student');
    expect(student.map((group) => group.section)).toEqual(['main', 'learning', 'communication', 'personal']);
    expect(ids('student')).toEqual(
      expect.arrayContaining(['home', 'courses', 'exams', 'messages', 'profile']),
    );
    expect(ids('student')).not.toContain('adminDashboard');
    expect(ids('lecturer')).not.toContain('adminDashboard');
    expect(ids('admin')).toContain('adminDashboard');
    expect(student[0].items[0]).toEqual({
      id: 'home',
      path: '/',
      titleKey: 'routes.home',
      icon: 'home',
      upcoming: false,
    });
    const upcoming = (role: Role) =>
      navFor(role)
        .flatMap((group) => group.items)
        .filter((item) => item.upcoming)
        .map((item) => item.id);
    // every feature of a student's sidebar is built; the admin's dashboard is not yet
    expect(upcoming('student')).toEqual([]);
    expect(upcoming('admin')).toEqual(['adminDashboard']);
  });

  it('orders each section by the place its feature module gives the entry', () => {
    expect(navFor('admin').map((group) => group.items.map((item) => item.id))).toEqual([
      ['home', 'dashboard', 'adminDashboard', 'courses', 'todo', 'agenda'],
      ['assignments', 'exams', 'discussions', 'presence', 'workspaces', 'surveys', 'forms', 'vicon'],
      ['announcements', 'chat', 'messages', 'notifications'],
      ['notes', 'bookmarks', 'profile', 'account'],
    ]);
  });

  it('shows nothing until the role is known', () => {
    expect(navFor(undefined)).toEqual([]);
  });
});
