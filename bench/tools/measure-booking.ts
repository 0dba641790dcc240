/**
 * The booking benchmark alone (hot rides with and without the outbox, the race, ours and the baseline) on a freshly seeded
 * database, for trying a change to the booking path quickly. BENCH_SCALE applies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBooking } from '../booking/run-booking.js';
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
  const result = await runBooking({ appUrl: app.url, appPid: app.child.pid!, databaseUrl: database.url, pool, baselinePool, driverId: seeded.driverIds[0]!, users: seeded.signedIn });
  for (const row of result.throughput) {
    const cpu = row.cpuPerBooking;
    console.log(
      `${row.target}: ${row.bookingsPerSecond.toFixed(0)} bookings/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms; ` +
        `CPU per booking: server ${cpu.server === null ? '-' : cpu.server.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, bench ${cpu.bench.toFixed(2)} ms`,
    );
  }
  for (const race of result.races) console.log(`race ${race.target}: sold ${race.soldPerRound.join(', ')}`);
  for (const backlog of result.backlogs) console.log(`outbox after a batch: ${backlog.pending} e-mails pending, sent in ${Math.round(backlog.drainMs)} ms`);
  console.log(`e-mails received: ${(await smtp.stats()).received}`);
  await app.stop();
} finally {
  await pool.end();
  await baselinePool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
  await smtp.close();
}
