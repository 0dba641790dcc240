/**
 * Registers the service worker of the build (sw.js: the app's files offline, the offline page,
 * push notifications). Development (Vite's server) has none; the app works without it anyway.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's own loading, so the worker's precaching does not compete with it.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
