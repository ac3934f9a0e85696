import type { ComponentType } from 'react';
import type { Role } from '../auth/authApi';

/**
 * What a feature module declares about its screens (`<feature>/routes.ts`): path, roles, title
 * (the i18n key `routes.{id}`), breadcrumb parent, sidebar entry and the page itself. Adding a
 * page means adding one entry to its feature's list; the router, the sidebar, the breadcrumbs and
 * the guard read them all from app/routeMap.ts.
 */

export const ALL_ROLES: Role[] = ['admin', 'lecturer', 'student'];
export const ADMIN_LECTURER: Role[] = ['admin', 'lecturer'];
export const LECTURER: Role[] = ['lecturer'];

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

/** A page loaded as its own chunk the first time its route opens. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RouteDef {
  /** Stable id: the i18n key `routes.{id}` is the title. */
  id: string;
  path: string;
  /** The page, loaded when first opened. */
  load?: PageLoader;
  /** The page, in the main bundle (shown without another download: sign-in, not found). */
  component?: ComponentType;
  /** Public full-page routes need no sign-in and render without the layout. */
  public?: boolean;
  /** Roles allowed; absent means all three (spec 01 §6). */
  roles?: Role[];
  /** Breadcrumb parent (a route id); its URL template is filled from the current params. */
  parent?: string;
  /** The sidebar shrinks to icons on this page (exam taking, editors, live classroom). */
  reducedSidebar?: boolean;
  /** A sidebar entry: its section, icon and place in the section (lower first). */
  nav?: { section: NavSection; icon: IconName; order: number };
  /**
   * A feature that is not available yet (i18n key `features.{feature}`): a route without a page
   * shows the "not available yet" page of this feature.
   */
  feature?: string;
}
