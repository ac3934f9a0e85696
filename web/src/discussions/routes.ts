import type { RouteDef } from '../app/routeTypes';

/**
 * Discussions (spec 01 §2, issue 15): the threads of the reader's courses, and a thread with its
 * nested replies (`/discussion/{id}/{replyId}` brings one reply into view). Threads are started
 * from an activity in the course reader (`ActivityThreads`).
 */
export const discussionRoutes: RouteDef[] = [
  {
    id: 'discussions',
    path: '/discussion',
    load: () => import('./DiscussionsPage'),
    nav: { section: 'learning', icon: 'chat', order: 30 },
  },
  { id: 'discussion', path: '/discussion/:id', parent: 'discussions', load: () => import('./ThreadPage') },
  {
    id: 'discussionReply',
    path: '/discussion/:id/:replyId',
    parent: 'discussion',
    load: () => import('./ThreadPage'),
  },
];
