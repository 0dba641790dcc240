/**
 * Requests per second arriving at this process, counted in whole seconds: the figure is the busier
 * of the last full second and the current one. Background work (the notification outbox) reads
 * it to yield the cores to people waiting for an answer.
 */
export interface RequestRate {
  hit(): void;
  perSecond(): number;
}

export function createRequestRate(now: () => number = Date.now): RequestRate {
  let second = Math.floor(now() / 1000);
  let current = 0;
  let previous = 0;
  const roll = () => {
    const at = Math.floor(now() / 1000);
    if (at === second) return;
    previous = at === second + 1 ? current : 0;
    current = 0;
    second = at;
  };
  return {
    hit() {
      roll();
      current += 1;
    },
    perSecond() {
      roll();
      return Math.max(previous, current);
    },
  };
}
