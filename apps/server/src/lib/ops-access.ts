import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * How a command on this machine (npm run backup) reaches the running server that owns the
 * embedded database: its address and a fresh token, in a file of the data folder that only the
 * server's user can read (mode 600). Gone when the server stops.
 */
const OpsAccess = z.object({ pid: z.number().int(), url: z.url(), token: z.string().min(32) });
export type OpsAccess = z.infer<typeof OpsAccess>;

export const opsAccessFile = (dataDir: string) => path.join(dataDir, 'ops-access.json');

export function writeOpsAccess(dataDir: string, access: OpsAccess): void {
  const file = opsAccessFile(dataDir);
  // Removed first: writeFileSync's mode applies only to a file it creates.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(access), { mode: 0o600 });
}

export function removeOpsAccess(dataDir: string, pid = process.pid): void {
  const access = readOpsAccess(dataDir);
  if (access?.pid === pid) rmSync(opsAccessFile(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's access, or null when no server runs on this data folder (a stale file is ignored). */
export function readOpsAccess(dataDir: string): OpsAccess | null {
  const file = opsAccessFile(dataDir);
  if (!existsSync(file)) return null;
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const parsed = OpsAccess.safeParse(content);
  return parsed.success && isAlive(parsed.data.pid) ? parsed.data : null;
}

/** The address a local command reaches the server at, from where it listens. */
export function localUrlOf(address: { address: string; port: number; family: string }): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
