import type { RouteDef } from '../app/routeTypes';

/**
 * Workspaces and projects (spec 03 §2, issue 20): the workspace list, a workspace's projects, a
 * project with its modules, members and timeline, and a module's contents (texts and boards).
 */
export const projectRoutes: RouteDef[] = [
  {
    id: 'workspaces',
    path: '/workspace',
    load: () => import('./WorkspacesPage'),
    nav: { section: 'learning', icon: 'briefcase', order: 50 },
  },
  {
    id: 'workspaceProjects',
    path: '/workspace/project-list/:workspaceId',
    parent: 'workspaces',
    load: () => import('./WorkspacePage'),
  },
  {
    id: 'workspaceProject',
    path: '/workspace/project-detail/:projectId',
    parent: 'workspaces',
    load: () => import('./ProjectPage'),
  },
  {
    id: 'workspaceModule',
    path: '/workspace/project-detail/:projectId/module-detail/:moduleId',
    parent: 'workspaceProject',
    load: () => import('./ModulePage'),
  },
];
