import type { Clock } from './clock.js';

/** setTimeout's largest delay (about 24.8 days); a longer one fires at once, with a warning. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Calls `callback` once `clock` reaches `dueAt`, however far away: the wait is cut into steps no
 * longer than setTimeout allows, and each step measures again what is left. Returns the cancel.
 */
export function setTimeoutAt(callback: () => void, dueAt: Date, clock: Clock, maxStepMs = MAX_TIMER_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  const left = () => dueAt.getTime() - clock.now().getTime();
  const arm = () => {
    // Never synchronously: the caller gets its cancel function before the callback can run.
    timer = setTimeout(() => (left() <= 0 ? callback() : arm()), Math.max(0, Math.min(left(), maxStepMs)));
    // A pending expiry alone must not keep the process alive.
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
