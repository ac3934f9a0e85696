import { type IconName, type NavSection, type RouteDef } from '../app/routeTypes';

/**
 * The screens of features whose services are not built yet (specs 02 and 03): each route answers
 * with the "not available yet" page of its feature. When a feature is built, its routes move to its
 * own feature module with their pages.
 */
type Screen = [id: string, path: string, extra?: Omit<RouteDef, 'id' | 'path'>];

/**
 * The screens of one feature: the first is its entry; each further screen's breadcrumb parent is
 * the entry unless it names another, and every screen shows the feature's page unless it names
 * another feature.
 */
function screens(feature: string, [entry, path, extra]: Screen, ...more: Screen[]): RouteDef[] {
  return [
    { id: entry, path, feature, ...extra },
    ...more.map(([id, path, extra]): RouteDef => ({ id, path, parent: entry, feature, ...extra })),
  ];
}

/** In the sidebar: its section, icon and place in the section. */
const nav = (section: NavSection, icon: IconName, order: number) => ({ nav: { section, icon, order } });

export const upcomingRoutes: RouteDef[] = [
  ...screens('adminDashboard', [
    'adminDashboard',
    '/admin/dashboard',
    { roles: ['admin'], ...nav('main', 'shield', 30) },
  ]),
];

/** Public screens of features not built yet (tools). */
export const upcomingPublicRoutes: RouteDef[] = [
  { id: 'pocWhiteboard', path: '/test/poc-whiteboard', public: true, feature: 'whiteboard' },
  { id: 'pocEditPdf', path: '/test/poc-edit-pdf', public: true, feature: 'pdfEditor' },
];
