/** Where the server reads the time; tests pass a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests that stands still until moved. */
export function manualClock(start = new Date()): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The real time plus an offset that only grows: the browser tests' server (TEST_CLOCK=1) moves it
 * forward so that a ride departs without waiting for it.
 */
export function offsetClock(base: Clock = systemClock): Clock & { advance(ms: number): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}
