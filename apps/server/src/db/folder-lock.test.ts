import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError, type LockOwner } from './folder-lock.js';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The pid of a process that has exited: a crashed owner. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('embedded database folder lock', () => {
  let dir: string;
  let folder: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'carpool-lock-'));
    folder = path.join(dir, 'pg');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const writeLock = (owner: Partial<LockOwner>) =>
    writeFileSync(
      `${folder}.lock`,
      JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', token: 'old', ...owner }),
    );

  it('holds the owner in <folder>.lock, refuses a second taker naming the folder and the pid, and frees it on release', async () => {
    const lock = await acquireFolderLock(folder);
    const owner = JSON.parse(readFileSync(`${folder}.lock`, 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });

    const refused = await acquireFolderLock(folder).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect((refused as Error).message).toContain(folder);
    expect((refused as Error).message).toContain(`pid ${process.pid}`);

    lock.release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    (await acquireFolderLock(folder)).release();
  });

  it('takes over a stale lock whose process is gone, and one of a previous process that had our pid', async () => {
    writeLock({ pid: await deadPid() });
    const first = await acquireFolderLock(folder);
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
    first.release();

    // After a restart in a container the new process often gets the crashed one's pid.
    writeLock({ pid: process.pid, token: 'from-a-previous-life' });
    const second = await acquireFolderLock(folder);
    second.release();
  });

  it("refuses a lock of another machine's process, which it cannot check", async () => {
    writeLock({ pid: await deadPid(), hostname: 'another-machine.example' });
    await expect(acquireFolderLock(folder)).rejects.toThrow(/another-machine\.example/);
  });

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    writeLock({ pid: await deadPid() });
    // Each process waits for the same instant, takes the lock or reports the refusal, and holds
    // a lock it got long enough for every other process to have tried.
    const script = `
      const { acquireFolderLock } = await import(${JSON.stringify(path.join(serverDir, 'src/db/folder-lock.ts'))});
      const [folder, at] = process.argv.slice(-2);
      await new Promise((resolve) => setTimeout(resolve, Number(at) - Date.now()));
      try {
        const lock = await acquireFolderLock(folder);
        process.stdout.write('got');
        await new Promise((resolve) => setTimeout(resolve, 3000));
        lock.release();
      } catch (error) {
        process.stdout.write(error.name);
      }`;
    const racers = 4;
    const at = String(Date.now() + 6000);
    const results = await Promise.all(
      Array.from({ length: racers }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, '--', folder, at], { cwd: serverDir }).then(
          ({ stdout }) => stdout,
        ),
      ),
    );
    expect(results.filter((result) => result === 'got')).toHaveLength(1);
    expect(results.filter((result) => result === 'FolderLockedError')).toHaveLength(racers - 1);
    expect(existsSync(`${folder}.lock`)).toBe(false);
  }, 60_000);
});
