import { readdirSync, readFileSync } from 'node:fs';

/** user + system CPU time in ms of one /proc/<pid>/stat line (Linux; clock ticks of 10 ms). */
function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time the process has used, in ms. Per request it is a steadier figure than throughput on a
 * machine that other work shares.
 */
export function processCpuMs(pid: number): number {
  return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU time in ms of every PostgreSQL process of the machine, by pid. */
function postgresCpuByPid(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') byPid.set(entry, cpuMsOfStat(stat));
  }
  return byPid;
}

/**
 * Starts measuring the CPU time used by PostgreSQL (the server's backends, its WAL writer and
 * checkpointer); the function returned gives the ms used since. Each process counts from the
 * start or from its own birth; one that ended in between is not counted, so measure a run whose
 * connections stay open (pools). Whatever else uses the database at the time is counted too.
 */
export function startPostgresCpu(): () => number {
  const before = postgresCpuByPid();
  return () => {
    let total = 0;
    for (const [pid, ms] of postgresCpuByPid()) total += ms - (before.get(pid) ?? 0);
    return total;
  };
}

/** This process's own CPU time in ms (user + system). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
