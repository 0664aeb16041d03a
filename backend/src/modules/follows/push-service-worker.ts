import { PUSH_SERVICE_WORKER_PATH } from '@ai-mind/contracts';

/**
 * The site's push service worker, served at PUSH_SERVICE_WORKER_PATH (same origin, scope `/`): it
 * shows each notification as the payload says and, on a click, opens the update's page (whose link's
 * fragment carries the follow's unsubscribe token for the page's "stop" form). Nothing else: no cache,
 * no fetch handler, no admin code.
 */
export const PUSH_SERVICE_WORKER = `// ${PUSH_SERVICE_WORKER_PATH}: shows The AI Mind's follow notifications and opens their page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: 'The AI Mind', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && new URL(data.url, self.location.origin).origin === self.location.origin ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(String(data.title || 'The AI Mind').slice(0, 200), {
      body: String(data.body || '').slice(0, 500),
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(self.clients.openWindow(url));
});
`;
