import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { SIZES } from '../lib/scale.js';
import { processCpuMs, startPostgresCpu } from '../lib/cpu-time.js';
import { withPeakRss } from '../lib/processes.js';
import { searchHeaders, searchPath, type SearchRequest } from './search-requests.js';

export interface SearchTarget {
  name: 'ours' | 'baseline';
  url: string;
  pid: number;
}

export interface SearchPhase {
  /** Requests per second asked of autocannon, or 'max' (as fast as the server answers). */
  rate: number | 'max';
  target: SearchTarget['name'];
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  peakRssMb: number;
  /** CPU time per answered request, ms: the HTTP server's process, and all of PostgreSQL's. */
  serverCpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
}

/** The benchmark's search mix for autocannon, one request after another, round and round. */
export function cyclingRequests(requests: readonly SearchRequest[]): AutocannonRequest[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const search = requests[next++ % requests.length]!;
        return { ...request, path: searchPath(search), headers: { ...request.headers, ...searchHeaders(search) } };
      },
    },
  ];
}

function drive(url: string, requests: readonly SearchRequest[], seconds: number, rate?: number): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections: SIZES.search.connections,
    duration: seconds,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
    requests: cyclingRequests(requests),
  });
}

/**
 * Asks both servers the same searches and checks that they return the same rides in the same
 * order; with `everyFinds`, also that each search finds a ride (the searches with stops are built
 * from seeded rides, so an empty answer means the stop-order search is broken).
 */
export async function checkSameAnswers(ours: string, baseline: string, requests: readonly SearchRequest[], options: { everyFinds?: boolean } = {}): Promise<void> {
  for (const search of requests.slice(0, 30)) {
    const [mine, theirs] = await Promise.all(
      [ours, baseline].map(async (url) => {
        const response = await fetch(url + searchPath(search), { headers: searchHeaders(search) });
        if (!response.ok) throw new Error(`${url}${searchPath(search)} answered ${response.status}: ${await response.text()}`);
        return response.json() as Promise<unknown[]>;
      }),
    );
    const ourIds = (mine as { id: string }[]).map((ride) => ride.id).join(',');
    const baselineIds = (theirs as unknown[][]).map((row) => row[0]).join(',');
    if (ourIds !== baselineIds) throw new Error(`ours and the baseline disagree on ${searchPath(search)}`);
    if (options.everyFinds && ourIds === '') throw new Error(`${searchPath(search)} (${search.region}) found no ride, although a seeded ride passes there in that order`);
  }
}

/** One timed phase of one target: autocannon's figures and the CPU time of the target's process and of PostgreSQL. */
async function measurePhase(target: SearchTarget, requests: readonly SearchRequest[], rate: number | 'max', label = 'search'): Promise<SearchPhase> {
  const cpuBefore = { server: processCpuMs(target.pid), postgres: startPostgresCpu() };
  const { result, peakMb } = await withPeakRss(target.pid, () => drive(target.url, requests, SIZES.search.phaseSeconds, rate === 'max' ? undefined : rate));
  const answered = Math.max(1, result.requests.total);
  const phase: SearchPhase = {
    rate,
    target: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    peakRssMb: peakMb,
    serverCpuMsPerRequest: (processCpuMs(target.pid) - cpuBefore.server) / answered,
    postgresCpuMsPerRequest: cpuBefore.postgres() / answered,
  };
  process.stderr.write(
    `${label} ${target.name} @ ${rate}: ${phase.requestsPerSecond} req/s, p50 ${phase.p50} ms, p99 ${phase.p99} ms, failures ${phase.failures}, CPU per request: server ${phase.serverCpuMsPerRequest.toFixed(2)} ms, PostgreSQL ${phase.postgresCpuMsPerRequest.toFixed(2)} ms\n`,
  );
  return phase;
}

/** Each rate runs on ours, then on the baseline, so that both see the same machine state. */
export async function runSearch(targets: readonly SearchTarget[], requests: readonly SearchRequest[]): Promise<SearchPhase[]> {
  for (const target of targets) await drive(target.url, requests, SIZES.search.warmupSeconds);
  const phases: SearchPhase[] = [];
  for (const rate of [...SIZES.search.rates, 'max' as const]) {
    for (const target of targets) phases.push(await measurePhase(target, requests, rate));
  }
  return phases;
}

/**
 * Saturation only, the targets alternated `rounds` times after a warm-up, so that drift on a busy
 * machine hits each alike; one phase per target with the means of its rounds (the peak RSS: the
 * highest).
 */
export async function runSaturationAlternated(targets: readonly SearchTarget[], requests: readonly SearchRequest[], rounds: number, label: string): Promise<SearchPhase[]> {
  for (const target of targets) await drive(target.url, requests, SIZES.search.warmupSeconds);
  const runs = new Map<SearchTarget['name'], SearchPhase[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) runs.get(target.name)!.push(await measurePhase(target, requests, 'max', label));
  }
  return targets.map((target) => {
    const phases = runs.get(target.name)!;
    const mean = (figure: (phase: SearchPhase) => number) => phases.reduce((sum, phase) => sum + figure(phase), 0) / phases.length;
    return {
      rate: 'max',
      target: target.name,
      requestsPerSecond: mean((phase) => phase.requestsPerSecond),
      p50: mean((phase) => phase.p50),
      p99: mean((phase) => phase.p99),
      failures: phases.reduce((sum, phase) => sum + phase.failures, 0),
      peakRssMb: Math.max(...phases.map((phase) => phase.peakRssMb)),
      serverCpuMsPerRequest: mean((phase) => phase.serverCpuMsPerRequest),
      postgresCpuMsPerRequest: mean((phase) => phase.postgresCpuMsPerRequest),
    };
  });
}
