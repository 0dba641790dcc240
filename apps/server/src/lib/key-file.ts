import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte secret kept in `dataDir/fileName` (mode 0600), created on first use, so that it
 * survives restarts and every process sharing the folder uses the same one; null keeps a fresh
 * one in memory (tests).
 */
export function loadOrCreateKeyFile(dataDir: string | null, fileName: string): Buffer {
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': two processes starting on one folder keep the key the first one wrote.
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
