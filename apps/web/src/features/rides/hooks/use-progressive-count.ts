import { startTransition, useEffect, useState } from 'react';

/** Cards in the first render of a list: more than a screen holds at any width. */
const FIRST_COUNT = 6;
/** Cards added per later render: each render and its commit stay a short task on a phone. */
const STEP = 6;

/**
 * How many items of a long list to render now. The first few render with the list; the others
 * follow a few at a time, each batch a render of its own in a later task (a transition), so a
 * list of 50 ride cards is not one long task of rendering, style and layout on a phone
 * (docs/decisions/web-code-splitting.md). The count only grows: a list that changes keeps
 * what it showed.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_COUNT);
  const complete = count >= total;
  useEffect(() => {
    if (complete) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((current) => current + STEP)), 0);
    return () => window.clearTimeout(timer);
  }, [complete, count]);
  return Math.min(count, total);
}
