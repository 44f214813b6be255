import { describe, expect, it, vi } from 'vitest';
import { checkService, SERVICE_PROBES } from './check-services';

const probe = (id: string) => SERVICE_PROBES.find((entry) => entry.id === id)!;
const clock = (...times: number[]) => {
  const queue = [...times];
  return () => queue.shift() ?? 0;
};

describe('checkService', () => {
  it('calls the service with the anon key and reports status and latency', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('{"name":"GoTrue"}', { status: 200 })));
    const result = await checkService(probe('auth'), {
      baseUrl: 'http://127.0.0.1:54321/',
      anonKey: 'anon',
      fetchImpl,
      now: clock(100, 142.4),
    });
    expect(result).toEqual({ id: 'auth', ok: true, status: 200, latencyMs: 42 });
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:54321/auth/v1/health',
      expect.objectContaining({ headers: { apikey: 'anon', Authorization: 'Bearer anon' }, cache: 'no-store' }),
    );
  });

  it('counts REST as up whenever PostgREST answers below 500', async () => {
    const answer = (status: number) => () => Promise.resolve(new Response('', { status }));
    expect((await checkService(probe('rest'), { baseUrl: 'http://x', anonKey: 'k', fetchImpl: answer(401) })).ok).toBe(
      true,
    );
    expect((await checkService(probe('rest'), { baseUrl: 'http://x', anonKey: 'k', fetchImpl: answer(503) })).ok).toBe(
      false,
    );
  });

  it('reports a service that does not answer as down, with the reason', async () => {
    const fetchImpl = () => Promise.reject(new TypeError('Failed to fetch'));
    const result = await checkService(probe('functions'), {
      baseUrl: 'http://x',
      anonKey: 'k',
      fetchImpl,
      now: clock(0, 5),
    });
    expect(result).toEqual({ id: 'functions', ok: false, status: null, latencyMs: 5, error: 'Failed to fetch' });
  });

  it('probes the four services of SPEC §9', () => {
    expect(SERVICE_PROBES.map((entry) => `${entry.id} ${entry.path}`)).toEqual([
      'auth /auth/v1/health',
      'rest /rest/v1/',
      'storage /storage/v1/bucket',
      'functions /functions/v1/health',
    ]);
  });
});
