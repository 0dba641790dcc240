import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advanceTestClock, runPeriodicJobNow, type TestClock } from './test-clock.service.js';

/** At most a year per call: enough to pass any ride, small enough to catch a unit mistake. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

const AdvanceClockInput = z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) });
const ClockDto = z.object({ now: z.iso.datetime() });
const PeriodicJobResultDto = z.object({
  ran: z.boolean(),
  ridesCompleted: z.number().int(),
  bookingsCompleted: z.number().int(),
  bookingsCancelled: z.number().int(),
  rideRequestsExpired: z.number().int(),
  reviewDueNotifications: z.number().int(),
  sessionsDeleted: z.number().int(),
  waitlistEntriesClosed: z.number().int(),
  seriesOccurrencesCreated: z.number().int(),
});

/**
 * Registered only when TEST_CLOCK=1 (refused in production by the config): browser tests move the
 * server's time forward and run the periodic job now instead of waiting for its interval.
 */
export async function testClockRoutes(app: FastifyInstance, options: { clock: TestClock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = options;

  r.post(
    '/api/test/clock',
    {
      schema: {
        operationId: 'advanceTestClock',
        tags: ['test'],
        summary: 'Test servers only (TEST_CLOCK=1): move the server clock forward',
        body: AdvanceClockInput,
        response: { 200: ClockDto },
      },
    },
    async (request) => advanceTestClock(clock, request.body.advanceMs),
  );

  r.post(
    '/api/test/run-jobs',
    {
      schema: {
        operationId: 'runPeriodicJob',
        tags: ['test'],
        summary: 'Test servers only (TEST_CLOCK=1): run the periodic job now',
        response: { 200: PeriodicJobResultDto },
      },
    },
    async () => runPeriodicJobNow(app.deps),
  );
}
