import { expect, saveScreenshot, signInThroughUi, test, uniqueEmail } from '../fixtures/test.js';

interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test.describe('installable app', () => {
  test('links a manifest whose icons load, registers the service worker, and shows the offline page without a network', async ({ newPerson }) => {
    const page = await newPerson({ serviceWorkers: 'allow' });
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();

    // The manifest, linked from the page.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestAnswer = await page.request.get(href!);
    expect(manifestAnswer.status()).toBe(200);
    expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
    // A new build's manifest and worker are seen at the next visit.
    expect(manifestAnswer.headers()['cache-control']).toBe('no-cache');
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestAnswer.json()) as WebAppManifest;
    expect(manifest).toMatchObject({ short_name: 'Carpool', start_url: '/', display: 'standalone', theme_color: '#b31b1b' });
    expect(manifest.name).toContain('Carpool');
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // Each icon loads as an image of the size the manifest says.
    for (const icon of manifest.icons) {
      const natural = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(natural, icon.src).toBe(icon.sizes);
    }

    // The service worker registers and takes the page over.
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toMatch(/\/sw\.js$/);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Signed in, through the worker, the app calls the API; none of those answers may sit in a cache.
    await signInThroughUi(page, { name: 'Pat Pwa', email: uniqueEmail('pat') });
    // The sign-in window closes before the app has stored its session; /profile needs it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Notification settings' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((path) => /^\/(api|socket\.io|dev)\b/.test(path))).toEqual([]);

    // Without a network, a navigation shows the offline page.
    await page.context().setOffline(true);
    await page.goto('/my-rides');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await saveScreenshot(page, 'installable-app-offline');

    // Back online, "Try again" opens the page that was asked for.
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/my-rides');
  });
});
