import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The credential of the admin command (docs/decisions/admin-credential.md): a random token that the
 * running server writes at start to a file only the machine's owner can read, and accepts as an
 * administrator for /api/admin/* only.
 */
export const ADMIN_CREDENTIAL_FILE = 'admin-credential.json';

export interface AdminCredential {
  /** Where the command reaches the server from this machine. */
  url: string;
  token: string;
  pid: number;
}

export function newAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two secrets in time that does not depend on where they differ (or on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
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

/** Removes the file at shutdown, unless another process of the same folder has written its own since. */
export function removeAdminCredential(dataDir: string, token: string): void {
  if (readAdminCredential(dataDir)?.token !== token) return;
  try {
    unlinkSync(path.join(dataDir, ADMIN_CREDENTIAL_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
