import { LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * The live classroom (spec 03 §2, issue 17): a course's rooms, the room itself (the sidebar shrinks
 * to icons there), its result, and the lecturer's interactive-content results.
 */
export const crsRoutes: RouteDef[] = [
  { id: 'courseLiveClasses', path: '/courses/:id/crs', parent: 'course', load: () => import('./RoomsPage') },
  { id: 'liveClass', path: '/crs/:id', reducedSidebar: true, load: () => import('./LiveRoomPage') },
  {
    id: 'liveClassResult',
    path: '/crs/:id/result',
    parent: 'liveClass',
    load: () => import('./RoomResultPage'),
  },
  {
    id: 'liveClassH5p',
    path: '/crs-result-h5p/:id',
    roles: LECTURER,
    parent: 'liveClass',
    load: () => import('./H5pResultPage'),
  },
];
