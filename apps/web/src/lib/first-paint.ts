import { useLayoutEffect } from 'react';

/**
 * API requests made before the first frame of a page drawn by React wait until that frame is
 * painted, on an address without index.html's static shell (docs/decisions/web-code-splitting.md,
 * "a deep link paints before it asks"). There React's first commit is the page's first paint, and
 * answers and schema modules that come back before it is on screen are work in front of it.
 */
let held: Promise<void> | null = null;
let release: (() => void) | null = null;

/**
 * The longest requests are held. Nothing the first commit waits for is an API request (only page
 * and dialog chunks suspend), so the frame comes; should a later change make the first commit wait
 * on an answer, the requests still go after this instead of never.
 */
export const MAX_HOLD_MS = 3_000;

/** main.tsx, before the first render: requests made from now on wait for the first commit's frame. */
export function holdRequestsUntilFirstPaint(): void {
  if (held) return;
  held = new Promise((resolve) => {
    const go = () => {
      if (release !== go) return;
      held = null;
      release = null;
      resolve();
    };
    release = go;
    setTimeout(go, MAX_HOLD_MS);
  });
}

/** What a request waits for before it starts: null when nothing is held (the usual case). */
export function requestsHeld(): Promise<void> | null {
  return held;
}

/**
 * Lets the held requests go once the frame of the commit that calls it has been painted: the next
 * animation frame, then a task after it. A hidden page paints no frame (and runs no animation
 * frame), so there they go at once, or as soon as the page is hidden.
 */
function releaseAfterThisFrame(): void {
  const go = release;
  if (!go) return;
  if (document.visibilityState === 'hidden') {
    go();
    return;
  }
  const onHidden = () => go();
  document.addEventListener('visibilitychange', onHidden, { once: true });
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.removeEventListener('visibilitychange', onHidden);
      go();
    }, 0),
  );
}

/** Rendered once beside the app: its layout effect runs in the first commit. */
export function FirstPaintSignal(): null {
  useLayoutEffect(releaseAfterThisFrame, []);
  return null;
}
