import { useEffect, useRef } from 'react';

/**
 * Keeps a message list scrolled to its newest message (spec: "scrolls smoothly to the newest").
 * The first filling jumps there; later messages glide.
 */
export function useScrollToNewest<T extends HTMLElement>(count: number) {
  const ref = useRef<T>(null);
  const seen = useRef(0);
  useEffect(() => {
    const list = ref.current;
    if (!list || count === 0) return;
    const behavior: ScrollBehavior = seen.current === 0 ? 'auto' : 'smooth';
    seen.current = count;
    // jsdom has no layout and no scrolling.
    if (typeof list.scrollTo === 'function') list.scrollTo({ top: list.scrollHeight, behavior });
  }, [count]);
  return ref;
}
