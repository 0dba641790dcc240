import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One owner process per embedded database folder (docs/decisions/embedded-database-lock.md).
 * PGlite has no locking of its own: two processes on one folder each see only their own writes
 * and lose the other's. The lock is a file beside the folder (`<folder>.lock`) naming its owner.
 */
export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Unique per acquisition: tells a lock apart from a newer one at the same path. */
  token: string;
}

export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
  constructor(
    readonly folder: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${folder} is in use by another process (pid ${owner.pid} on ${owner.hostname}, ` +
        `since ${owner.startedAt}). Only one process may open it: stop that one first ` +
        `(npm run admin goes through the running server). If no such process runs, delete ${folder}.lock.`,
    );
  }
}

export interface FolderLock {
  readonly lockPath: string;
  release(): void;
}

/** Tokens of the locks this process holds: a lock naming our pid but not one of these is a previous life's. */
const heldTokens = new Set<string>();

const TAKEOVER_ATTEMPTS = 20;
const TAKEOVER_WAIT_MS = 25;

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return null;
    return { pid: parsed.pid, hostname: String(parsed.hostname), startedAt: String(parsed.startedAt), token: parsed.token };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Whether the owner may still be running. Another machine's process cannot be checked, so it
 * counts as alive; our own pid counts only when this process took that lock (after a restart in
 * a container the new process often gets the same pid as the crashed one).
 */
function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) return heldTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `target` holding `owner`, atomically, only if it does not exist: the content goes to a
 * file of our own first and is then hard-linked to the target name, so nobody ever reads a lock
 * half written. False when the target exists.
 */
function createExclusive(target: string, owner: LockOwner): boolean {
  const scratch = `${target}.${owner.token}.tmp`;
  writeFileSync(scratch, JSON.stringify(owner), { mode: 0o644 });
  try {
    linkSync(scratch, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(scratch);
  }
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock of `folder` or throws FolderLockedError naming the owner. A stale lock (its
 * process is gone) is removed under a second, short-lived lock `<folder>.lock.takeover`, and only
 * if it is still the very lock judged stale (same token): of two processes racing for a stale
 * lock, one removes it and creates its own, the other then finds that live lock and refuses.
 */
export async function acquireFolderLock(folder: string): Promise<FolderLock> {
  const resolved = path.resolve(folder);
  const lockPath = `${resolved}.lock`;
  const takeoverPath = `${lockPath}.takeover`;
  mkdirSync(path.dirname(resolved), { recursive: true });
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };

  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt += 1) {
    if (createExclusive(lockPath, me)) return holdLock(lockPath, me);
    const owner = readOwner(lockPath);
    // Removed between our attempt and our read, or not a lock we can read: try again.
    if (!owner) {
      await sleep(TAKEOVER_WAIT_MS);
      continue;
    }
    if (ownerIsAlive(owner)) throw new FolderLockedError(resolved, owner);

    if (createExclusive(takeoverPath, me)) {
      try {
        if (readOwner(lockPath)?.token === owner.token) unlinkIfPresent(lockPath);
      } finally {
        unlinkIfPresent(takeoverPath);
      }
      continue;
    }
    // Another process is taking over; a takeover lock left by a process that died in those few
    // milliseconds is cleared so that the folder does not stay locked for ever.
    const taker = readOwner(takeoverPath);
    if (taker && !ownerIsAlive(taker) && readOwner(takeoverPath)?.token === taker.token) unlinkIfPresent(takeoverPath);
    await sleep(TAKEOVER_WAIT_MS);
  }
  const owner = readOwner(lockPath);
  if (owner) throw new FolderLockedError(resolved, owner);
  throw new Error(`Could not take the lock ${lockPath}: other processes keep racing for it`);
}

function holdLock(lockPath: string, me: LockOwner): FolderLock {
  heldTokens.add(me.token);
  // A process that exits without closing the database (process.exit after a fatal error) still
  // lets the next one start without a stale-lock check.
  const onExit = () => release();
  process.once('exit', onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    heldTokens.delete(me.token);
    if (readOwner(lockPath)?.token === me.token) unlinkIfPresent(lockPath);
  }
  return { lockPath, release };
}
