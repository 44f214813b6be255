import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst of triggers, after the burst settles', () => {
    const run = vi.fn();
    const changes = coalesce(run, { settleMs: 300, maxWaitMs: 2_000 });
    // 50 imported stays arriving 10 ms apart.
    for (let i = 0; i < 50; i += 1) {
      changes.trigger();
      vi.advanceTimersByTime(10);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a steady stream still runs every maxWaitMs, not only when it stops', () => {
    const run = vi.fn();
    const changes = coalesce(run, { settleMs: 300, maxWaitMs: 1_000 });
    for (let i = 0; i < 25; i += 1) {
      changes.trigger();
      vi.advanceTimersByTime(100);
    }
    // 2.5 s of changes every 100 ms: at 1 s and 2 s, then the tail after the last one.
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('separate changes each run', () => {
    const run = vi.fn();
    const changes = coalesce(run, { settleMs: 300, maxWaitMs: 2_000 });
    changes.trigger();
    vi.advanceTimersByTime(400);
    changes.trigger();
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel forgets a pending run', () => {
    const run = vi.fn();
    const changes = coalesce(run, { settleMs: 300, maxWaitMs: 2_000 });
    changes.trigger();
    changes.cancel();
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
  });
});
