import { useEffect, useState } from 'react';

/** The longest wait for an idle moment: a page that is never idle still gets the work done. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `work` once the browser is idle (after the first paint and what loads with it), for code
 * that a first paint does not need; returns the cancel function, for an effect's cleanup.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the load event and a beat.
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}

/**
 * False until the page is first idle after it mounted (whenIdle), then true: for parts whose code
 * a first paint does not need, rendered (and so loaded) only then.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
