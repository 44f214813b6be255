export interface CoalesceOptions {
  /** Quiet time after the last trigger before `run` fires. */
  settleMs: number;
  /** Upper bound from the first trigger of a burst: a steady stream still refreshes this often. */
  maxWaitMs: number;
}

export interface Coalescer {
  /** Something changed: `run` follows once, after the burst settles (or maxWaitMs at most). */
  trigger(): void;
  /** Forget a pending run (unmount, resubscribe). */
  cancel(): void;
}

/**
 * Turns a burst of change events into one call: a channel sync importing 50 stays sends 50 row
 * events within a few hundred milliseconds, and the screen should refetch once, not 50 times.
 * Trailing debounce with a ceiling, so a long stream of changes cannot postpone the refresh for ever.
 */
export function coalesce(run: () => void, { settleMs, maxWaitMs }: CoalesceOptions): Coalescer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstStartedAt: number | null = null;
  const fire = () => {
    timer = undefined;
    burstStartedAt = null;
    run();
  };
  return {
    trigger() {
      const now = Date.now();
      burstStartedAt ??= now;
      clearTimeout(timer);
      const untilCeiling = burstStartedAt + maxWaitMs - now;
      timer = setTimeout(fire, Math.max(0, Math.min(settleMs, untilCeiling)));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      burstStartedAt = null;
    },
  };
}
