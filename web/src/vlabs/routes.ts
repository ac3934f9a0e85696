import type { RouteDef } from '../app/routeTypes';

/** A virtual lab's result page: its leaderboard and the student's attempts (spec 03 §2, every role). */
export const vlabRoutes: RouteDef[] = [
  { id: 'vlabResult', path: '/vlabs/result/:id', load: () => import('./VlabResultPage') },
];
