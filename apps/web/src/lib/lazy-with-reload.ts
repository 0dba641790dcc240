import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';
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

/** A lazily loaded component, with a way to start loading its code before it first renders. */
export type LazyComponent<Props extends object> = FunctionComponent<Props> & {
  /**
   * Starts loading the code (a pointer over the button that opens it, a page known before the
   * first render). Once it is in, the component renders at once, without suspending; a failure
   * here is left to the render, which loads again the usual way.
   */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a named export, through importWithReload. When the chunk cannot be loaded even
 * after the reload, `unavailable` renders in its place; without it the error goes to the route's
 * error page (the right answer for a page, not for a part of one such as the header's bell).
 * Code already loaded (by `preload`, or by an earlier render) renders without suspending, so a
 * page preloaded before the first render draws in that render, with no fallback in between.
 */
export function lazyWithReload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  unavailable?: ComponentType<Props>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy(() =>
    importWithReload(load).then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        if (unavailable) return { default: unavailable };
        throw error;
      },
    ),
  );
  function LazyWithReload(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the component itself on a later
    // render would remount everything below it.
    const [Type] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Type, props);
  }
  LazyWithReload.preload = () =>
    loaded
      ? Promise.resolve()
      : load().then(
          (component) => {
            loaded ??= component;
          },
          () => undefined,
        );
  return LazyWithReload;
}

/** The errors browsers (and Vite's preloading) give for a script or stylesheet chunk that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * Props that start loading a lazy component when the pointer comes over the element or it takes
 * the focus (a button that opens a dialog, a list whose items open one): by the click, the code is
 * usually in, and the dialog opens without its loading backdrop.
 */
export function preloadOnIntent(component: { preload: () => Promise<void> }): { onPointerEnter: () => void; onFocus: () => void } {
  const preload = () => void component.preload();
  return { onPointerEnter: preload, onFocus: preload };
}
