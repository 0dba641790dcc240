import type { AppDeps } from '../../app-deps.js';
import type { Clock } from '../../lib/clock.js';
import { runPeriodicJob, type PeriodicJobResult } from '../jobs/periodic-job.js';

/** The test server's clock, which these routes move on (lib/clock.ts, `offsetClock`). */
export type TestClock = Clock & { advance(ms: number): void };

/** Moves the test server's time forward; the answer is the new time. */
export function advanceTestClock(clock: TestClock, advanceMs: number): { now: string } {
  clock.advance(advanceMs);
  return { now: clock.now().toISOString() };
}

/** Runs the periodic job now, whenever it last ran, as a browser test asks after moving the time. */
export async function runPeriodicJobNow(deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>): Promise<PeriodicJobResult> {
  return runPeriodicJob(deps);
}
