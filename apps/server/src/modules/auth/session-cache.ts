import type { sessions, users } from '../../db/schema.js';

export interface CachedSession {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
}

/** What a lookup hands back to `remember`: the cache's epoch when the lookup began. */
export type LookupTicket = number;

/**
 * Sessions with their users, by token hash, so that a signed-in request does not read them again
 * (docs/decisions/session-cache.md). It holds nothing while it is off: it is on only while this
 * process hears of every change to sessions and users (the database's `auth_changed`
 * notifications, see auth-change-listener.ts), and every such change forgets the user's entries.
 *
 * A lookup that raced with a change must not store what it read before the change: `begin()`
 * hands out the epoch, every forgetting moves it on, and `remember` stores nothing when it moved.
 * That also refuses a few lookups that raced with changes to other users; they are read again next
 * time.
 */
export class SessionCache {
  private readonly byTokenHash = new Map<string, { entry: CachedSession; storedAt: number }>();
  private readonly tokenHashesByUser = new Map<string, Set<string>>();
  private epoch = 0;
  private on = false;

  constructor(
    private readonly options: {
      /** At most this many sessions are kept; the oldest stored go first. */
      maxEntries: number;
      /** An entry is read again after this long, whatever was heard: a bound on any missed notification. */
      maxAgeMs: number;
      now?: () => number;
    },
  ) {}

  get enabled(): boolean {
    return this.on;
  }

  get size(): number {
    return this.byTokenHash.size;
  }

  /** Turns the cache on: call once every change from now on will be heard. */
  enable(): void {
    this.forgetAll();
    this.on = true;
  }

  /** Turns the cache off (changes may go unheard from now on) and empties it. */
  disable(): void {
    this.on = false;
    this.forgetAll();
  }

  get(tokenHash: string): CachedSession | undefined {
    if (!this.on) return undefined;
    const stored = this.byTokenHash.get(tokenHash);
    if (!stored) return undefined;
    if (this.now() - stored.storedAt >= this.options.maxAgeMs) {
      this.remove(tokenHash, stored.entry.user.id);
      return undefined;
    }
    return stored.entry;
  }

  begin(): LookupTicket {
    return this.epoch;
  }

  remember(tokenHash: string, entry: CachedSession, ticket: LookupTicket): void {
    if (!this.on || ticket !== this.epoch) return;
    this.remove(tokenHash, entry.user.id);
    while (this.byTokenHash.size >= this.options.maxEntries) {
      const [oldestHash, oldest] = this.byTokenHash.entries().next().value!;
      this.remove(oldestHash, oldest.entry.user.id);
    }
    this.byTokenHash.set(tokenHash, { entry, storedAt: this.now() });
    let hashes = this.tokenHashesByUser.get(entry.user.id);
    if (!hashes) {
      hashes = new Set();
      this.tokenHashesByUser.set(entry.user.id, hashes);
    }
    hashes.add(tokenHash);
  }

  /** The user or one of their sessions changed: their sessions are read again. */
  forgetUser(userId: string): void {
    this.epoch += 1;
    for (const tokenHash of this.tokenHashesByUser.get(userId) ?? []) this.byTokenHash.delete(tokenHash);
    this.tokenHashesByUser.delete(userId);
  }

  forgetAll(): void {
    this.epoch += 1;
    this.byTokenHash.clear();
    this.tokenHashesByUser.clear();
  }

  private remove(tokenHash: string, userId: string): void {
    this.byTokenHash.delete(tokenHash);
    const hashes = this.tokenHashesByUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.tokenHashesByUser.delete(userId);
  }

  private now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }
}
