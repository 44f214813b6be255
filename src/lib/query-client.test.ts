import { describe, expect, it } from 'vitest';
import { CACHE_POLICIES, createQueryClient } from './query-client';

const MINUTE = 60_000;

type RetryFn = (failureCount: number, error: unknown) => boolean;

describe('createQueryClient (SPEC §9)', () => {
  it.each([
    ['development', 2, 5],
    ['staging', 10, 30],
    ['production', 30, 60],
  ] as const)('%s keeps data fresh %i min and cached %i min', (environment, fresh, kept) => {
    const client = createQueryClient({ environment, debug: false });
    const { queries } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(fresh * MINUTE);
    expect(queries?.gcTime).toBe(kept * MINUTE);
    expect(CACHE_POLICIES[environment]).toEqual({ staleTime: fresh * MINUTE, gcTime: kept * MINUTE });
  });

  const networkError = new TypeError('Failed to fetch');

  it('retries queries 3 times, 1 time in debug mode', () => {
    const normal = createQueryClient({ environment: 'production', debug: false }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect([0, 1, 2, 3].map((count) => normal(count, networkError))).toEqual([true, true, true, false]);
    const debug = createQueryClient({ environment: 'production', debug: true }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect([0, 1].map((count) => debug(count, networkError))).toEqual([true, false]);
  });

  it('never retries a refusal (permission, input, session)', () => {
    const retry = createQueryClient({ environment: 'production', debug: false }).getDefaultOptions().queries
      ?.retry as RetryFn;
    expect(retry(0, { code: '42501', message: 'denied' })).toBe(false);
    expect(retry(0, { code: 'PGRST303', message: 'JWT expired' })).toBe(false);
  });

  it('retries mutations 2 times, 1 second apart', () => {
    const { mutations } = createQueryClient({ environment: 'development', debug: false }).getDefaultOptions();
    const retry = mutations?.retry as RetryFn;
    expect([0, 1, 2].map((count) => retry(count, networkError))).toEqual([true, true, false]);
    expect(mutations?.retryDelay).toBe(1000);
  });
});
