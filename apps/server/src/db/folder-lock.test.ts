import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError, type LockOwner } from './folder-lock.js';

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
    // Each process says it is ready, tries when told to, reports, and holds a lock it got until
    // told to let go, after every other process has reported: however slowly they start.
    const script = `
      const { createInterface } = await import('node:readline');
      const { acquireFolderLock } = await import(${JSON.stringify(path.join(serverDir, 'src/db/folder-lock.ts'))});
      const folder = process.argv.at(-1);
      const lines = createInterface({ input: process.stdin });
      const told = () => new Promise((resolve) => lines.once('line', resolve));
      process.stdout.write('ready\\n');
      await told();
      try {
        const lock = await acquireFolderLock(folder);
        process.stdout.write('got\\n');
        await told();
        lock.release();
      } catch (error) {
        process.stdout.write(error.name + '\\n');
      }
      lines.close();`;
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, '--', folder], { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] });
      const said: string[] = [];
      const waiters: (() => void)[] = [];
      let buffered = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        said.push(...parts);
        for (const wake of waiters.splice(0)) wake();
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      /** The n-th line the process has written (from 1). */
      const line = async (n: number) => {
        while (said.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
        return said[n - 1]!;
      };
      return { child, line, exited };
    });
    try {
      expect(await Promise.all(racers.map((racer) => racer.line(1)))).toEqual(['ready', 'ready', 'ready', 'ready']);
      for (const racer of racers) racer.child.stdin.write('go\n');
      const results = await Promise.all(racers.map((racer) => racer.line(2)));
      expect(results.filter((result) => result === 'got')).toHaveLength(1);
      expect(results.filter((result) => result === 'FolderLockedError')).toHaveLength(racers.length - 1);
      for (const racer of racers) racer.child.stdin.end('release\n');
      await Promise.all(racers.map((racer) => racer.exited));
    } finally {
      for (const racer of racers) racer.child.kill();
    }
    expect(existsSync(`${folder}.lock`)).toBe(false);
  }, 60_000);
});
