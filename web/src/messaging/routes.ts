import { LECTURER, type RouteDef } from '../app/routeTypes';

/**
 * Messaging (spec 03 §2, issue 18): course messages, chat, notifications, announcements (spec 02)
 * and news. The chat's route is not in the spec: `/chat`, `/chat/{roomId}`.
 */
export const messagingRoutes: RouteDef[] = [
  {
    id: 'announcements',
    path: '/announcements',
    load: () => import('./announcements/AnnouncementsPage'),
    nav: { section: 'communication', icon: 'megaphone', order: 10 },
  },
  {
    id: 'announcementNew',
    path: '/announcements/new',
    roles: LECTURER,
    parent: 'announcements',
    load: () => import('./announcements/AnnouncementFormPage'),
  },
  {
    id: 'announcementEdit',
    path: '/announcements/:id/edit',
    roles: LECTURER,
    parent: 'announcements',
    load: () => import('./announcements/AnnouncementFormPage'),
  },
  {
    id: 'chat',
    path: '/chat',
    load: () => import('./chat/ChatPage'),
    nav: { section: 'communication', icon: 'chat', order: 15 },
  },
  { id: 'chatRoom', path: '/chat/:roomId', parent: 'chat', load: () => import('./chat/ChatPage') },
  {
    id: 'messages',
    path: '/messages',
    load: () => import('./messages/MessagesPage'),
    nav: { section: 'communication', icon: 'mail', order: 20 },
  },
  {
    id: 'messageNew',
    path: '/messages/new',
    parent: 'messages',
    load: () => import('./messages/NewMessagePage'),
  },
  {
    id: 'messagesSent',
    path: '/messages/sent',
    parent: 'messages',
    load: () => import('./messages/MessagesPage'),
  },
  { id: 'message', path: '/messages/:id', parent: 'messages', load: () => import('./messages/MessagePage') },
  {
    id: 'notifications',
    path: '/notification',
    load: () => import('./alerts/NotificationsPage'),
    nav: { section: 'communication', icon: 'bell', order: 30 },
  },
  { id: 'newsList', path: '/news', parent: 'home', load: () => import('./news/NewsListPage') },
  {
    id: 'newsManage',
    path: '/news/manage',
    roles: LECTURER,
    parent: 'newsList',
    load: () => import('./news/NewsManagePage'),
    nav: { section: 'communication', icon: 'note', order: 40 },
  },
  {
    id: 'newsNew',
    path: '/news/manage/new',
    roles: LECTURER,
    parent: 'newsManage',
    load: () => import('./news/NewsFormPage'),
  },
  {
    id: 'newsEdit',
    path: '/news/manage/:id/edit',
    roles: LECTURER,
    parent: 'newsManage',
    load: () => import('./news/NewsFormPage'),
  },
  { id: 'news', path: '/news/:id', parent: 'newsList', load: () => import('./news/NewsPage') },
];

/** A news item of the landing page, for a visitor. */
export const messagingPublicRoutes: RouteDef[] = [
  { id: 'publicNews', path: '/pages/news/:id', public: true, load: () => import('./news/PublicNewsPage') },
];
