/**
 * The booking benchmark alone (hot rides with and without the outbox, the race, ours and the baseline) on a freshly seeded
 * database, for trying a change to the booking path quickly. BENCH_SCALE applies.
 * BENCH_BOOKING_MIX=segments runs the segment benchmark instead (run-segment-booking.ts: a segment of
 * rides with stops, the whole of the same rides, the whole of rides without stops) and the race per leg.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBooking, type BookingThroughput } from '../booking/run-booking.js';
import { runLegRace, runSegmentThroughput } from '../booking/run-segment-booking.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startAppServer } from '../lib/processes.js';
import { mailEnv, startSmtpSink } from '../outbox/smtp-sink.js';
import { seedDatabase } from '../seed/seed-data.js';

const database = await createBenchDatabase();
const pool = openPool(database.url);
const baselinePool = openPool(database.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
const smtp = await startSmtpSink();
try {
  const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir, label: 'app-booking', env: { ...mailEnv(smtp), ...(JSON.parse(process.env.BENCH_APP_ENV ?? '{}') as Record<string, string>) } });
  const seeded = await seedDatabase(pool);
  const print = (row: BookingThroughput) => {
    const cpu = row.cpuPerBooking;
    console.log(
      `${row.target}: ${row.bookingsPerSecond.toFixed(0)} bookings/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms; ` +
        `CPU per booking: server ${cpu.server === null ? '-' : cpu.server.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, bench ${cpu.bench.toFixed(2)} ms`,
    );
  };
  const options = { appUrl: app.url, appPid: app.child.pid!, pool, driverId: seeded.driverIds[0]!, users: seeded.signedIn };
  if (process.env.BENCH_BOOKING_MIX === 'segments') {
    for (const row of await runSegmentThroughput(options)) print(row);
    const race = await runLegRace(options);
    console.log(`race per leg: held ${race.heldPerRound.map((held) => held.join('/')).join(', ')}; accepted ${race.acceptedPerRound.join(', ')}`);
  } else {
    const result = await runBooking({ ...options, databaseUrl: database.url, baselinePool });
    for (const row of result.throughput) print(row);
    for (const race of result.races) console.log(`race ${race.target}: sold ${race.soldPerRound.join(', ')}`);
    for (const backlog of result.backlogs) console.log(`outbox after a batch: ${backlog.pending} e-mails pending, sent in ${Math.round(backlog.drainMs)} ms`);
  }
  console.log(`e-mails received: ${(await smtp.stats()).received}`);
  await app.stop();
} finally {
  await pool.end();
  await baselinePool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
  await smtp.close();
}
