import path from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, backupEmbeddedFolder, backupPostgres, restoreEmbeddedFolder, restorePostgres, writeBackupFile } from './backup.js';
import { runningServer } from '../lib/admin-credential.js';

/** The dump of the embedded database from the running server that owns it. */
async function fetchEmbeddedDump(url: string, token: string): Promise<Uint8Array> {
  const res = await fetch(`${url}/api/ops/backup`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new BackupError(`The running server refused the backup: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** `npm run backup` and `npm run restore`, for whichever database the configuration selects; returns what was done. */
export async function runBackupCommand(command: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  const target = path.resolve(file);
  if (config.databaseUrl) {
    if (command === 'backup') {
      await backupPostgres(config.databaseUrl, target);
      return `PostgreSQL backed up to ${target}`;
    }
    await restorePostgres(config.databaseUrl, target);
    return `${target} restored into PostgreSQL`;
  }
  const dir = path.join(config.dataDir, 'pg');
  const running = runningServer(config.dataDir);
  if (command === 'backup') {
    if (running) {
      writeBackupFile(target, await fetchEmbeddedDump(running.url, running.token));
      return `Embedded database backed up to ${target} (through the running server, pid ${running.pid})`;
    }
    await backupEmbeddedFolder(dir, target);
    return `Embedded database backed up to ${target}`;
  }
  if (running) throw new BackupError(`A server (pid ${running.pid}) runs on ${config.dataDir}: stop it before restoring`);
  await restoreEmbeddedFolder(dir, target);
  return `${target} restored into ${dir}`;
}

