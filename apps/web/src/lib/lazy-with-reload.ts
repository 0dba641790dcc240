import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browser } from './browser';
import { lastChunkReloadAt, rememberChunkReload } from './storage';

/**
 * A failure this soon after the last reload is not retried by reloading again: the files are
 * really missing or the network is down, and the error page says so instead of looping.
 */
const CHUNK_RELOAD_GUARD_MS = 30_000;

/**
 * Loads a chunk of the app's code. A chunk that fails to load usually means a deployment replaced
 * the files this page was built with, so the page reloads once to get the new ones; the promise
 * then never settles and the loading state stays until the reload. A second failure soon after
 * is passed on (to the route's error page, or to the caller).
 */
export function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    const now = Date.now();
    const last = lastChunkReloadAt();
    if ((last === null || now - last > CHUNK_RELOAD_GUARD_MS) && rememberChunkReload(now)) {
      browser.reload();
      return new Promise<T>(() => undefined);
    }
    throw error;
  });
}

/**
 * React.lazy for a named export, through importWithReload. When the chunk cannot be loaded even
 * after the reload, `unavailable` renders in its place; without it the error goes to the route's
 * error page (the right answer for a page, not for a part of one such as the header's bell).
 */
export function lazyWithReload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  unavailable?: ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    importWithReload(load).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (unavailable) return { default: unavailable };
        throw error;
      },
    ),
  );
}

/** The errors browsers (and Vite's preloading) give for a script or stylesheet chunk that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}
