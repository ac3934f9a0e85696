import { accountAccessRoutes } from '../account-access/routes';
import { courseRoutes } from '../courses/routes';
import { crsRoutes } from '../crs/routes';
import { discussionRoutes } from '../discussions/routes';
import { examRoutes } from '../exams/routes';
import { groupRoutes } from '../groups/routes';
import { messagingPublicRoutes, messagingRoutes } from '../messaging/routes';
import { formRoutes } from '../forms/routes';
import { shellPublicRoutes, shellRoutes } from '../pages/routes';
import { presenceRoutes } from '../presence/routes';
import { surveyRoutes } from '../survey/routes';
import { projectRoutes } from '../projects/routes';
import { publicRoutes } from '../public/routes';
import { learningPlanRoutes, rpsPublicRoutes, rpsRoutes } from '../rps/routes';
import { settingsRoutes } from '../settings/routes';
import { searchRoutes } from '../search/routes';
import { spaceRoutes } from '../space/routes';
import { taskRoutes } from '../tasks/routes';
import { agendaRoutes } from '../agenda/routes';
import { upcomingPublicRoutes, upcomingRoutes } from '../upcoming/routes';
import { vlabRoutes } from '../vlabs/routes';
import type { Role } from '../auth/authApi';
import { ALL_ROLES, type IconName, type NavSection, type RouteDef } from './routeTypes';

export type { IconName, NavSection, RouteDef } from './routeTypes';

/**
 * The route map of spec 01 §2 (and the routes of specs 02/03), gathered from the feature modules:
 * each declares its screens in its `routes.ts` (see app/routeTypes.ts). `routes.tsx` turns them
 * into React Router routes; the sidebar and the breadcrumbs read them too.
 */

/** Routes inside the signed-in layout. */
export const APP_ROUTES: RouteDef[] = [
  ...shellRoutes,
  ...courseRoutes,
  ...examRoutes,
  ...taskRoutes,
  ...discussionRoutes,
  ...groupRoutes,
  ...vlabRoutes,
  ...agendaRoutes,
  ...formRoutes,
  ...presenceRoutes,
  ...crsRoutes,
  ...messagingRoutes,
  ...spaceRoutes,
  ...searchRoutes,
  ...surveyRoutes,
  ...projectRoutes,
  ...rpsRoutes,
  ...learningPlanRoutes,
  ...upcomingRoutes,
  ...settingsRoutes,
];

/** Public full-page routes (no sign-in, no layout). */
export const PUBLIC_ROUTES: RouteDef[] = [
  ...publicRoutes,
  ...shellPublicRoutes,
  ...accountAccessRoutes,
  ...messagingPublicRoutes,
  ...rpsPublicRoutes,
  ...upcomingPublicRoutes,
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
  /** The feature is not available yet: the entry is marked as such. */
  upcoming: boolean;
}

export const NAV_SECTIONS: NavSection[] = ['main', 'learning', 'communication', 'personal'];

/** The sidebar for a role: routes with a sidebar entry that the role may open, by section. */
export function navFor(role: Role | undefined): Array<{ section: NavSection; items: NavItem[] }> {
  return NAV_SECTIONS.map((section) => ({
    section,
    items: APP_ROUTES.filter(
      (def) => def.nav?.section === section && role !== undefined && (def.roles ?? ALL_ROLES).includes(role),
    )
      .sort((a, b) => a.nav!.order - b.nav!.order)
      .map((def) => ({
        id: def.id,
        path: def.path,
        titleKey: `routes.${def.id}`,
        icon: def.nav!.icon,
        upcoming: !def.load && !def.component,
      })),
  })).filter((group) => group.items.length > 0);
}
