/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { NEVER_CACHED, notificationTarget, readPushMessage } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const OFFLINE_PAGE = '/offline.html';

// The build's files (hashed JS and CSS, icons, the offline page), listed by vite-plugin-pwa at
// build time: cached on install, so the app's code loads without the network. Nothing else is
// ever put in a cache, least of all API answers (docs/decisions/service-worker-caching.md).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page loads always go to the server (index.html is small, and always the newest build's); only
// without a network does the offline page answer.
const networkOnly = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await networkOnly.handle(options);
      } catch {
        return (await caches.match(OFFLINE_PAGE, { ignoreSearch: true })) ?? Response.error();
      }
    },
    { denylist: NEVER_CACHED },
  ),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data ? event.data.text() : null);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notificationTarget(message.url, self.location.origin) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const url = notificationTarget(data?.url ?? '/', self.location.origin);
  event.waitUntil(openPage(url));
});

/** Focuses a tab already on that page; else takes over a tab of the app; else opens a window. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    const navigated = await ours.navigate(url).catch(() => null);
    await (navigated ?? ours).focus();
    return;
  }
  await self.clients.openWindow(url);
}
