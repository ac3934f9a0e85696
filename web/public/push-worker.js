/* global self */
/**
 * The web client's service worker for browser push (registered by registerPush(), at the site's
 * root so it may show notifications for every page). A push from the messaging service carries
 * `{title, body, id, type, objectId, link}` (services/messaging/src/notifications/push/push-sender.ts);
 * it is shown as a system notification, and clicking it opens (or focuses) the client at `link`.
 */
self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof push.title === 'string' && push.title ? push.title : self.location.host;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof push.body === 'string' ? push.body : '',
      icon: '/favicon.svg',
      // one system notification per object: a newer push about it replaces the older
      tag: push.type && push.objectId ? `${push.type}:${push.objectId}` : undefined,
      data: {
        link: typeof push.link === 'string' && push.link.startsWith('/') ? push.link : '/notification',
      },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data.link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => client.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});
