/**
 * `npm run bench`: seeds a fresh PostgreSQL database, runs every benchmark against the built app
 * and its bare baseline side by side, prints the table and writes bench/results/<date>.md.
 * BENCH_SCALE (0..1] shrinks counts and durations for a quick check; BENCH_CPU_PROF=1 profiles the servers.
 * `npm run bench -- --growth` (or BENCH_GROWTH=1) runs only the growth of the search with stops
 * (growth/run-growth.ts) instead.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { runBooking, type BookingTarget } from './booking/run-booking.js';
import { runLegRace, runSegmentThroughput } from './booking/run-segment-booking.js';
import { runWaitlist } from './booking/run-waitlist.js';
import { runChat, seedChatRooms } from './chat/run-chat.js';
import { explainQueries, explainSearches, type ExplainedQuery } from './explain/run-explain.js';
import { runGrowth } from './growth/run-growth.js';
import { createBenchDatabase, dropBenchDatabase, openPool, type BenchDatabase } from './lib/database.js';
import {
  BENCH_ROOT,
  SERVER_MAIN,
  freePort,
  residentMb,
  startAppServer,
  startBenchScript,
  type RunningProcess,
} from './lib/processes.js';
import { markdownTable, type ReportRow } from './lib/report.js';
import { freeResultsFile } from './lib/results-file.js';
import { runOutboxDrain } from './outbox/run-outbox.js';
import { mailEnv, startSmtpSink } from './outbox/smtp-sink.js';
import { SCALE, SIZES } from './lib/scale.js';
import { sleep } from './lib/stats.js';
import { captureSearchSql } from './search/capture-search-sql.js';
import { checkSameAnswers, runSaturationAlternated, runSearch, type SearchPhase } from './search/run-search.js';
import { buildSearchRequests, buildStopSearchRequests, filterOfSearch } from './search/search-requests.js';
import { SEARCHED_REGION, seedManyRegions } from './seed/many-regions.js';
import { busiestInboxUser, seedDatabase } from './seed/seed-data.js';
import { describeWebRoutes, lighthouseRows, measureWebSizes, runLighthouseMedian, SIGNED_OUT_PAGES, webSizeRows, type LighthouseResult } from './web/run-web.js';

const SETTLE_MS = 2_000;
const SEARCH_REQUEST_COUNT = 2_000;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/**
 * Time to healthy and idle memory of the built server on the embedded database (what `npm start`
 * runs after its build): first on a fresh DATA_DIR (PGlite runs initdb), then restarted on it.
 */
async function measureEmbeddedStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
  try {
    const measure = async (label: string) => {
      const server = await startAppServer({ port: await freePort(), databaseUrl: null, dataDir, label });
      await sleep(SETTLE_MS);
      const idleMb = residentMb(server.child.pid!);
      await server.stop();
      return { startMs: server.startMs, idleMb };
    };
    return { fresh: await measure('app-pglite-fresh'), restart: await measure('app-pglite-restart') };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function searchRows(phases: readonly SearchPhase[]): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const rate of [...SIZES.search.rates, 'max' as const]) {
    const ours = phases.find((phase) => phase.rate === rate && phase.target === 'ours')!;
    const baseline = phases.find((phase) => phase.rate === rate && phase.target === 'baseline')!;
    const label = rate === 'max' ? 'Ride search, saturation' : `Ride search @ ${rate} req/s`;
    rows.push(
      { benchmark: label, figure: 'throughput (req/s)', ours: ours.requestsPerSecond, baseline: baseline.requestsPerSecond },
      { benchmark: label, figure: 'p50 latency (ms)', ours: ours.p50, baseline: baseline.p50 },
      { benchmark: label, figure: 'p99 latency (ms)', ours: ours.p99, baseline: baseline.p99 },
    );
    if (rate === 'max') {
      rows.push(
        { benchmark: label, figure: 'server CPU per request (ms)', ours: ours.serverCpuMsPerRequest, baseline: baseline.serverCpuMsPerRequest },
        { benchmark: label, figure: 'PostgreSQL CPU per request (ms)', ours: ours.postgresCpuMsPerRequest, baseline: baseline.postgresCpuMsPerRequest },
      );
    }
    if (ours.failures + baseline.failures > 0) {
      rows.push({ benchmark: label, figure: 'failed requests', ours: ours.failures, baseline: baseline.failures });
    }
  }
  return rows;
}

function stopSearchRows(ours: SearchPhase, baseline: SearchPhase, stopRides: number): ReportRow[] {
  return saturationRows(`Ride search with stops (A or B a stop; ${stopRides} upcoming rides with stops), saturation`, ours, baseline);
}

/** Issue 33: 50 more live regions, held by every process, and the search in one of them. */
const MANY_REGIONS = 50;
const PLACES_PER_REGION = 200;

/** Waits until the app serves this many regions (it hears new ones by NOTIFY). */
async function waitForRegions(appUrl: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listed = (await (await fetch(`${appUrl}/api/regions`)).json()) as unknown[];
    if (listed.length >= count) return;
    if (Date.now() > deadline) throw new Error(`the app serves ${listed.length} regions, not ${count}`);
    await sleep(50);
  }
}

function saturationRows(label: string, ours: SearchPhase, baseline: SearchPhase): ReportRow[] {
  return [
    { benchmark: label, figure: 'throughput (req/s)', ours: ours.requestsPerSecond, baseline: baseline.requestsPerSecond },
    { benchmark: label, figure: 'p50 latency (ms)', ours: ours.p50, baseline: baseline.p50 },
    { benchmark: label, figure: 'p99 latency (ms)', ours: ours.p99, baseline: baseline.p99 },
    { benchmark: label, figure: 'server CPU per request (ms)', ours: ours.serverCpuMsPerRequest, baseline: baseline.serverCpuMsPerRequest },
    { benchmark: label, figure: 'PostgreSQL CPU per request (ms)', ours: ours.postgresCpuMsPerRequest, baseline: baseline.postgresCpuMsPerRequest },
    ...(ours.failures + baseline.failures > 0 ? [{ benchmark: label, figure: 'failed requests', ours: ours.failures, baseline: baseline.failures }] : []),
  ];
}

function explainSection(explained: readonly ExplainedQuery[]): string {
  return explained
    .map((query) => `### ${query.name}${query.seqScans.length ? ` (SEQUENTIAL SCAN on ${query.seqScans.join(', ')})` : ''}\n\n\`\`\`\n${query.plan}\n\`\`\``)
    .join('\n\n');
}

async function main() {
  const started = performance.now();
  for (const built of [SERVER_MAIN, path.join(BENCH_ROOT, '../apps/web/dist/index.html')]) {
    if (!existsSync(built)) throw new Error(`${path.relative(path.join(BENCH_ROOT, '..'), built)} is missing: run \`npm run build\` first (npm run bench does)`);
  }
  log(`scale ${SCALE}: ${SIZES.rides} rides, ${SIZES.users} users, ${SIZES.chat.sockets} sockets`);

  log('start-up on a fresh embedded database');
  const embedded = await measureEmbeddedStart();

  const database: BenchDatabase = await createBenchDatabase();
  const running: RunningProcess[] = [];
  const pool = openPool(database.url, 10);
  const baselinePool = openPool(database.url, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
  // The app sends its e-mail (the booking's notifications) to a local SMTP server, as it would in production.
  const smtp = await startSmtpSink();
  try {
    log(`database ${new URL(database.url).pathname.slice(1)}; starting the app (it migrates)`);
    const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir, env: mailEnv(smtp) });
    running.push(app);

    const seedStarted = performance.now();
    const seeded = await seedDatabase(pool);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const requests = buildSearchRequests(seeded.signedIn, SEARCH_REQUEST_COUNT, seeded.seededAt);
    const stopRequests = buildStopSearchRequests(seeded.signedIn, seeded.stopRides, SEARCH_REQUEST_COUNT);
    const filters = requests.map(filterOfSearch);
    const templates = await captureSearchSql(pool, [...filters, ...stopRequests.map(filterOfSearch)]);
    const templatesFile = path.join(dataDir, 'search-sql.json');
    writeFileSync(templatesFile, JSON.stringify(templates));

    const baseline = await startBenchScript({
      label: 'baseline-search',
      script: 'search/baseline-search-server.ts',
      port: await freePort(),
      env: { BENCH_DATABASE_URL: database.url, BENCH_SQL_TEMPLATES: templatesFile },
    });
    running.push(baseline);
    await checkSameAnswers(app.url, baseline.url, requests);
    await checkSameAnswers(app.url, baseline.url, stopRequests, { everyFinds: true });
    await sleep(SETTLE_MS);
    const idle = { ours: residentMb(app.child.pid!), baseline: residentMb(baseline.child.pid!) };

    log('ride search');
    const phases = await runSearch(
      [
        { name: 'ours', url: app.url, pid: app.child.pid! },
        { name: 'baseline', url: baseline.url, pid: baseline.child.pid! },
      ],
      requests,
    );
    log('ride search with stops');
    const stopPhases = await runSaturationAlternated(
      [
        { name: 'ours', url: app.url, pid: app.child.pid! },
        { name: 'baseline', url: baseline.url, pid: baseline.child.pid! },
      ],
      stopRequests,
      2,
      'search with stops',
    );
    log('ride search among 50 more regions');
    const manyRegions = await seedManyRegions(pool, { count: MANY_REGIONS, placesEach: PLACES_PER_REGION });
    await waitForRegions(app.url, 2 + MANY_REGIONS);
    const regionRequests = requests.filter((request) => request.region === 'cornell').map((request) => ({ ...request, region: SEARCHED_REGION }));
    await checkSameAnswers(app.url, baseline.url, regionRequests);
    const regionPhases = await runSaturationAlternated(
      [
        { name: 'ours', url: app.url, pid: app.child.pid! },
        { name: 'baseline', url: baseline.url, pid: baseline.child.pid! },
      ],
      regionRequests,
      2,
      'search in one of many regions',
    );
    await baseline.stop();

    log('EXPLAIN');
    const inboxUser = await busiestInboxUser(pool);
    const explained = [
      ...(await explainQueries(pool, templates, filters, inboxUser)),
      ...(await explainSearches(pool, templates, stopRequests.map(filterOfSearch), inboxUser, 'ride search with stops, A or B a stop')),
    ];

    log('booking');
    const booking = await runBooking({ appUrl: app.url, appPid: app.child.pid!, databaseUrl: database.url, pool, baselinePool, driverId: seeded.driverIds[0]!, users: seeded.signedIn });
    for (const row of booking.throughput) log(`booking ${row.target}: ${row.bookingsPerSecond.toFixed(0)}/s, p99 ${row.p99.toFixed(1)} ms`);
    const bookingMails = (await smtp.stats()).received;

    log('booking a segment');
    const segmentBooking = await runSegmentThroughput({ appUrl: app.url, appPid: app.child.pid!, pool, driverId: seeded.driverIds[0]!, users: seeded.signedIn });
    const legRace = await runLegRace({ appUrl: app.url, pool, driverId: seeded.driverIds[0]!, users: seeded.signedIn });

    log('waiting list');
    const waitlist = await runWaitlist({ appUrl: app.url, pool, driverId: seeded.driverIds[0]!, users: seeded.signedIn });

    // Before the chat: a backlog of chat messages still being stored would slow the page down.
    log('web app');
    const sizes = measureWebSizes();
    // Every page a signed-out visitor can load, median of 3 runs each (about 15 s a run).
    const lighthouse: { label: string; result: LighthouseResult | Error }[] = [];
    for (const page of SIGNED_OUT_PAGES) {
      const result = await runLighthouseMedian(`${app.url}${page.path}`, 3).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      lighthouse.push({ label: page.label, result });
    }

    log('chat');
    const rooms = await seedChatRooms(pool, seeded.signedIn);
    const bareChat = await startBenchScript({ label: 'baseline-chat', script: 'chat/bare-chat-server.ts', port: await freePort(), env: {} });
    running.push(bareChat);
    const chat = await runChat({ rooms, ours: { url: app.url, pid: app.child.pid! }, baseline: { url: bareChat.url, pid: bareChat.child.pid! } });
    await bareChat.stop();

    log('outbox drain');
    const drain = await runOutboxDrain(SIZES.outboxMails);

    const saturation = (target: 'ours' | 'baseline') => phases.find((phase) => phase.rate === 'max' && phase.target === target)!;
    const throughput = (target: BookingTarget) => booking.throughput.find((row) => row.target === target)!;
    const segmentOf = (target: BookingTarget) => segmentBooking.find((row) => row.target === target)!;
    const stopSearch = (target: 'ours' | 'baseline') => stopPhases.find((phase) => phase.target === target)!;
    const race = (target: 'ours' | 'baseline-http' | 'baseline') => booking.races.find((row) => row.target === target)!;
    const waitlistOf = (target: 'ours' | 'no-waitlist') => waitlist.find((row) => row.target === target)!;
    const chatOf = (target: 'ours' | 'baseline') => chat.find((row) => row.target === target)!;

    const rows: ReportRow[] = [
      ...searchRows(phases),
      ...stopSearchRows(stopSearch('ours'), stopSearch('baseline'), seeded.stopRides.length),
      ...saturationRows(
        `Ride search in one of ${MANY_REGIONS} more live regions of ${PLACES_PER_REGION} places each (a copy of cornell's ${manyRegions.copiedRides} rides), saturation`,
        regionPhases.find((phase) => phase.target === 'ours')!,
        regionPhases.find((phase) => phase.target === 'baseline')!,
      ),
      { benchmark: 'Booking, hot rides', figure: 'bookings/s', ours: throughput('ours').bookingsPerSecond, baseline: throughput('baseline').bookingsPerSecond },
      { benchmark: 'Booking, hot rides', figure: 'p50 latency (ms)', ours: throughput('ours').p50, baseline: throughput('baseline').p50 },
      { benchmark: 'Booking, hot rides', figure: 'p99 latency (ms)', ours: throughput('ours').p99, baseline: throughput('baseline').p99 },
      {
        benchmark: 'Booking, hot rides, against the bare HTTP endpoint',
        figure: 'bookings/s (baseline: bare Fastify + pg, session lookup and the seat statement)',
        ours: throughput('ours').bookingsPerSecond,
        baseline: throughput('baseline-http').bookingsPerSecond,
      },
      { benchmark: 'Booking, hot rides, against the bare HTTP endpoint', figure: 'p50 latency (ms)', ours: throughput('ours').p50, baseline: throughput('baseline-http').p50 },
      { benchmark: 'Booking, hot rides, against the bare HTTP endpoint', figure: 'p99 latency (ms)', ours: throughput('ours').p99, baseline: throughput('baseline-http').p99 },
      {
        benchmark: 'Booking, hot rides, against the bare HTTP endpoint',
        figure: 'server CPU per booking (ms)',
        ours: throughput('ours').cpuPerBooking.server!,
        baseline: throughput('baseline-http').cpuPerBooking.server!,
      },
      {
        benchmark: 'Booking, hot rides, against the bare HTTP endpoint',
        figure: 'PostgreSQL CPU per booking (ms; bare transaction: ' + throughput('baseline').cpuPerBooking.postgres.toFixed(2) + ')',
        ours: throughput('ours').cpuPerBooking.postgres,
        baseline: throughput('baseline-http').cpuPerBooking.postgres,
      },
      {
        benchmark: 'Booking, hot rides, outbox on / off',
        figure: `bookings/s (ours with the outbox; baseline: the same app with its trigger off; ${bookingMails} e-mails sent)`,
        ours: throughput('ours').bookingsPerSecond,
        baseline: throughput('ours-outbox-off').bookingsPerSecond,
      },
      { benchmark: 'Booking, hot rides, outbox on / off', figure: 'p99 latency (ms)', ours: throughput('ours').p99, baseline: throughput('ours-outbox-off').p99 },
      {
        benchmark: 'Booking, hot rides, outbox on / off',
        figure: 'e-mails still queued when the bookings ended / ms to send them after (each run)',
        ours: booking.backlogs.map((backlog) => `${backlog.pending} / ${Math.round(backlog.drainMs)}`).join('; '),
        baseline: '',
        ratio: '',
      },
      {
        benchmark: `Waiting list, ${SIZES.waitlist.rides} full ${SIZES.waitlist.seats}-seat rides, ${SIZES.waitlist.waiting} waiting on each`,
        figure: 'cancellations/s (ours: each books the next in line; baseline: the same rides with nobody waiting)',
        ours: waitlistOf('ours').cancellationsPerSecond,
        baseline: waitlistOf('no-waitlist').cancellationsPerSecond,
      },
      {
        benchmark: `Waiting list, ${SIZES.waitlist.rides} full ${SIZES.waitlist.seats}-seat rides, ${SIZES.waitlist.waiting} waiting on each`,
        figure: 'p99 latency (ms)',
        ours: waitlistOf('ours').p99,
        baseline: waitlistOf('no-waitlist').p99,
      },
      {
        benchmark: `Waiting list, ${SIZES.waitlist.rides} full ${SIZES.waitlist.seats}-seat rides, ${SIZES.waitlist.waiting} waiting on each`,
        figure: 'freed seats that went to the next in line',
        ours: `${waitlistOf('ours').promoted} of ${waitlistOf('ours').cancellations}`,
        baseline: '',
        ratio: 'exact',
      },
      {
        benchmark: `Booking race, ${SIZES.booking.raceClients} clients, ${SIZES.booking.raceSeats} seats`,
        figure: `seats sold per round (${SIZES.booking.raceRounds} rounds)`,
        ours: race('ours').soldPerRound.join(', '),
        baseline: `${race('baseline').soldPerRound.join(', ')} (bare HTTP: ${race('baseline-http').soldPerRound.join(', ')})`,
        ratio: 'exact',
      },
      {
        benchmark: 'Booking a segment, hot rides with 2 stops',
        figure: 'bookings/s (ours: one of the 5 segments in turn; baseline: the whole of a ride without stops)',
        ours: segmentOf('segment').bookingsPerSecond,
        baseline: segmentOf('whole').bookingsPerSecond,
      },
      { benchmark: 'Booking a segment, hot rides with 2 stops', figure: 'p99 latency (ms)', ours: segmentOf('segment').p99, baseline: segmentOf('whole').p99 },
      {
        benchmark: 'Booking a segment, hot rides with 2 stops',
        figure: 'server CPU per booking (ms)',
        ours: segmentOf('segment').cpuPerBooking.server!,
        baseline: segmentOf('whole').cpuPerBooking.server!,
      },
      {
        benchmark: 'Booking a segment, hot rides with 2 stops',
        figure: 'PostgreSQL CPU per booking (ms)',
        ours: segmentOf('segment').cpuPerBooking.postgres,
        baseline: segmentOf('whole').cpuPerBooking.postgres,
      },
      {
        benchmark: 'Booking a segment, hot rides with 2 stops',
        figure: 'bookings/s (ours: a segment; baseline: the whole of the same rides with stops)',
        ours: segmentOf('segment').bookingsPerSecond,
        baseline: segmentOf('whole-with-stops').bookingsPerSecond,
      },
      {
        benchmark: `Booking race per leg, ${legRace.clients} clients, segments of a ${legRace.seats}-seat ride of ${legRace.legs} legs`,
        figure: `seats held per leg, each round (${legRace.rounds} rounds; bookings accepted); no leg oversold, counters = total - held, every refusal had a full leg`,
        ours: legRace.heldPerRound.map((held, round) => `${held.join('/')} (${legRace.acceptedPerRound[round]})`).join(', '),
        baseline: '',
        ratio: 'exact',
      },
      { benchmark: `Chat fan-out, ${chatOf('ours').sockets} sockets, ${chatOf('ours').rooms} rooms`, figure: 'p50 send to receive (ms)', ours: chatOf('ours').p50, baseline: chatOf('baseline').p50 },
      { benchmark: `Chat fan-out, ${chatOf('ours').sockets} sockets, ${chatOf('ours').rooms} rooms`, figure: 'p99 send to receive (ms)', ours: chatOf('ours').p99, baseline: chatOf('baseline').p99 },
      { benchmark: `Chat fan-out, ${chatOf('ours').sockets} sockets, ${chatOf('ours').rooms} rooms`, figure: 'deliveries/s', ours: chatOf('ours').deliveriesPerSecond, baseline: chatOf('baseline').deliveriesPerSecond },
      { benchmark: `Chat fan-out, ${chatOf('ours').sockets} sockets, ${chatOf('ours').rooms} rooms`, figure: 'lost deliveries / failed sends', ours: `${chatOf('ours').lost} / ${chatOf('ours').sendFailures}`, baseline: `${chatOf('baseline').lost} / ${chatOf('baseline').sendFailures}`, ratio: '' },
      {
        benchmark: `Outbox drain, ${drain.mails} e-mails to local SMTP`,
        figure: 'e-mails/s, first to last (baseline: the 200/s target)',
        ours: drain.steadyPerSecond,
        baseline: 200,
      },
      {
        benchmark: `Outbox drain, ${drain.mails} e-mails to local SMTP`,
        figure: 'e-mails/s, including the worker process start-up',
        ours: drain.overallPerSecond,
        baseline: 200,
      },
      ...webSizeRows(sizes),
      ...lighthouse.flatMap((page) => lighthouseRows(page.label, page.result)),
      { benchmark: 'Start-up to healthy', figure: 'embedded PGlite, fresh DATA_DIR (ms)', ours: embedded.fresh.startMs, baseline: baseline.startMs },
      { benchmark: 'Start-up to healthy', figure: 'embedded PGlite, restart on that DATA_DIR (ms)', ours: embedded.restart.startMs, baseline: baseline.startMs },
      { benchmark: 'Start-up to healthy', figure: 'PostgreSQL, empty database, with migrations (ms)', ours: app.startMs, baseline: baseline.startMs },
      { benchmark: 'Memory (RSS)', figure: 'idle, embedded PGlite, fresh DATA_DIR (MB)', ours: embedded.fresh.idleMb, baseline: idle.baseline },
      { benchmark: 'Memory (RSS)', figure: 'idle, embedded PGlite, restarted (MB)', ours: embedded.restart.idleMb, baseline: idle.baseline },
      { benchmark: 'Memory (RSS)', figure: 'idle, PostgreSQL, seeded (MB)', ours: idle.ours, baseline: idle.baseline },
      { benchmark: 'Memory (RSS)', figure: 'peak under search saturation (MB)', ours: saturation('ours').peakRssMb, baseline: saturation('baseline').peakRssMb },
    ];

    const { rows: versionRows } = await pool.query<{ version: string }>('select version()');
    const totalSeconds = (performance.now() - started) / 1000;
    const date = new Date().toISOString().slice(0, 10);
    const table = markdownTable(rows);
    const seqScans = explained.filter((query) => query.seqScans.length > 0);
    const report = [
      `# Benchmark results, ${date}`,
      '',
      `Scale ${SCALE}${SCALE < 1 ? ' (a smoke run, not comparable with full runs)' : ''}; ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}); Node ${process.version}; ${versionRows[0]!.version.split(',')[0]}.`,
      `Seeded ${SIZES.rides} rides over 2 regions and ${SIZES.days} days (${seeded.stopRides.length} upcoming active ones with stops), ${SIZES.users} users, ${SIZES.signedInUsers} sessions and ${SIZES.conversations} conversations in ${seedSeconds.toFixed(1)} s. The whole run took ${Math.round(totalSeconds)} s (without the build).`,
      `Search phases ${SIZES.search.phaseSeconds} s each, ${SIZES.search.connections} connections; booking ${SIZES.booking.bookings} bookings by ${SIZES.booking.concurrency} clients on ${SIZES.booking.seatsPerRide}-seat rides (with and without the outbox: twice each, alternated, means shown); outbox drain ${SIZES.outboxMails} e-mails; chat window ${SIZES.chat.windowSeconds} s.`,
      'What each figure means, and the baselines: bench/README.md.',
      '',
      table,
      '',
      describeWebRoutes(sizes),
      '',
      '## Query plans (EXPLAIN ANALYZE on the seeded data)',
      '',
      seqScans.length ? `Sequential scans on big tables: ${seqScans.map((query) => query.name).join('; ')}.` : 'No sequential scan on a big table.',
      '',
      explainSection(explained),
      '',
    ].join('\n');
    mkdirSync(path.join(BENCH_ROOT, 'results'), { recursive: true });
    const resultsFile = freeResultsFile(path.join(BENCH_ROOT, 'results'), `${date}${SCALE < 1 ? `-scale-${SCALE}` : ''}`);
    writeFileSync(resultsFile, report, { flag: 'wx' });
    process.stdout.write(`\n${table}\n\nWritten to ${path.relative(path.join(BENCH_ROOT, '..'), resultsFile)} (${Math.round(totalSeconds)} s).\n`);
  } finally {
    for (const process of running.reverse()) await process.stop().catch(() => {});
    await pool.end();
    await baselinePool.end();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database);
    await smtp.close();
  }
}

const growth = process.argv.includes('--growth') || process.env.npm_config_growth === 'true' || process.env.BENCH_GROWTH === '1';

(growth ? runGrowth() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`\nBENCH FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
