import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The machine credential (docs/decisions/admin-credential.md): a random token that the running server
 * writes at start, with its address and pid, to a file of the data folder only the machine's owner can
 * read. Commands on this machine go through the server with it: `npm run admin` (accepted as an
 * administrator on /api/admin/*) and `npm run backup` (GET /api/ops/backup, loopback only).
 */
export const ADMIN_CREDENTIAL_FILE = 'admin-credential.json';

export interface AdminCredential {
  /** Where a command reaches the server from this machine. */
  url: string;
  token: string;
  pid: number;
}

export function newAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address to reach a server listening on `host` from the same machine. */
export function localUrl(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === '0.0.0.0' || bare === '') return `http://127.0.0.1:${port}`;
  if (bare === '::') return `http://[::1]:${port}`;
  return bare.includes(':') ? `http://[${bare}]:${port}` : `http://${bare}:${port}`;
}

/** Written under a scratch name with mode 0600, then renamed: never readable by others, never half written. */
export function writeAdminCredential(dataDir: string, credential: AdminCredential): void {
  const file = path.join(dataDir, ADMIN_CREDENTIAL_FILE);
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, JSON.stringify(credential), { mode: 0o600 });
  // The mode of writeFileSync applies only to a new file; a leftover scratch file keeps its own.
  chmodSync(scratch, 0o600);
  renameSync(scratch, file);
}

/** The file as written, whether or not its server still runs (see runningServer). */
export function readAdminCredential(dataDir: string): AdminCredential | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, ADMIN_CREDENTIAL_FILE), 'utf8')) as Partial<AdminCredential>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string' || typeof parsed.pid !== 'number') return null;
    return { url: parsed.url, token: parsed.token, pid: parsed.pid };
  } catch {
    // Absent or unreadable: no server of this folder to go through.
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The credential of the server running on this data folder; null when none runs (a killed server's file is stale). */
export function runningServer(dataDir: string): AdminCredential | null {
  const credential = readAdminCredential(dataDir);
  return credential && isAlive(credential.pid) ? credential : null;
}

/** Removes the file at shutdown, unless another process of the same folder has written its own since. */
export function removeAdminCredential(dataDir: string, token: string): void {
  if (readAdminCredential(dataDir)?.token !== token) return;
  try {
    unlinkSync(path.join(dataDir, ADMIN_CREDENTIAL_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
