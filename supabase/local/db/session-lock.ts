/**
 * The one lock around PGlite's single database session.
 *
 * PGlite is one Postgres backend: whoever opens a transaction on it owns the session until the
 * transaction ends. Every user of the session (socket clients such as PostgREST, and in-process
 * callers through `Database`) takes this lock and keeps it until the session is idle again, so
 * no one's statements ever run inside someone else's transaction.
 *
 * Re-entrant per async context: code already holding the lock (e.g. inside `db.transaction`)
 * that calls `db.query` runs directly instead of deadlocking on itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Release = () => void;

export class SessionLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];
  private readonly owner = new AsyncLocalStorage<SessionLock>();

  /** True when the calling async context already holds the lock. */
  heldHere(): boolean {
    return this.owner.getStore() === this;
  }

  /** Waits for the lock (FIFO) and returns the function that releases it. */
  acquire(): Promise<Release> {
    return new Promise((resolve) => {
      const grant = () => {
        this.held = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.handOver();
        });
      };
      if (!this.held) grant();
      else this.waiters.push(grant);
    });
  }

  /** Runs `fn` holding the lock (or directly, when this context already holds it). */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.heldHere()) return fn();
    const release = await this.acquire();
    try {
      return await this.owner.run(this, fn);
    } finally {
      release();
    }
  }

  get waiting(): number {
    return this.waiters.length;
  }

  private handOver(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
