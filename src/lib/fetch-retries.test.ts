import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toAppError } from './errors';
import { run } from './fetch';
import { createQueryClient } from './query-client';
import { supabase } from './supabase';

/**
 * SPEC §9 end to end: a GET to an unreachable server, read by a screen through the app's
 * QueryClient, with the real supabase-js client (only `fetch` is replaced). Timers are fake, so
 * the test measures what the user would wait without waiting for it.
 */
let restAttempts = 0;

beforeEach(() => {
  restAttempts = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input).includes('/rest/v1/')) restAttempts += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Observes one query as a mounted screen would; resolves with the attempts and the wait until the error shows. */
async function untilError(client: QueryClient, queryFn: (signal: AbortSignal) => Promise<unknown>) {
  const observer = new QueryObserver(client, {
    queryKey: ['units', 'detail', 'u1'],
    queryFn: ({ signal }) => queryFn(signal),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const started = Date.now();
  while (observer.getCurrentResult().status !== 'error' && Date.now() - started < 120_000) {
    await vi.advanceTimersByTimeAsync(50);
  }
  unsubscribe();
  return { attempts: restAttempts, waitedMs: Date.now() - started, error: observer.getCurrentResult().error };
}

const readUnit = (signal: AbortSignal) => run(supabase.from('units').select('id').eq('id', 'u1').single(), { signal });

describe('a failing GET (SPEC §9: 3 query retries, 1 in debug mode; postgrest-js adds none)', () => {
  it('is sent 4 times and shows "Network error" after ~7 s', async () => {
    const result = await untilError(createQueryClient({ environment: 'production', debug: false }), readUnit);
    expect(result.attempts).toBe(4);
    // TanStack Query's back-off between the attempts: 1 s + 2 s + 4 s.
    expect(result.waitedMs).toBeGreaterThanOrEqual(7_000);
    expect(result.waitedMs).toBeLessThan(8_000);
    expect(toAppError(result.error).kind).toBe('network');
  });

  it('is sent 2 times in debug mode, the error after ~1 s', async () => {
    const result = await untilError(createQueryClient({ environment: 'production', debug: true }), readUnit);
    expect(result.attempts).toBe(2);
    expect(result.waitedMs).toBeLessThan(2_000);
  });

  it('still fails within seconds when the browser says it is offline (no silent pause)', async () => {
    onlineManager.setOnline(false);
    const result = await untilError(createQueryClient({ environment: 'production', debug: false }), readUnit);
    expect(result.waitedMs).toBeLessThan(8_000);
    expect(toAppError(result.error).kind).toBe('network');
  });

  it('(why run() exists) the same request sent raw is retried by postgrest-js inside every attempt', async () => {
    const raw = async (signal: AbortSignal) => {
      const { data, error } = await supabase.from('units').select('id').eq('id', 'u1').abortSignal(signal).single();
      if (error) throw toAppError(error);
      return data;
    };
    const result = await untilError(createQueryClient({ environment: 'production', debug: false }), raw);
    expect(result.attempts).toBe(16);
    expect(result.waitedMs).toBeGreaterThan(30_000);
  });
});
