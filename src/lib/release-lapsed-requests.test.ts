import { beforeEach, describe, expect, it, vi } from 'vitest';

const rpc = vi.fn<(name: string) => Promise<{ data: unknown; error: { message: string } | null }>>();
vi.mock('@/lib/supabase', () => ({ supabase: { rpc: (name: string) => rpc(name) } }));

const { releaseLapsedRequests, resetReleaseLapsedRequests, RELEASE_INTERVAL_MS } =
  await import('./release-lapsed-requests');

describe('releaseLapsedRequests', () => {
  beforeEach(() => {
    rpc.mockReset();
    resetReleaseLapsedRequests();
  });

  it('asks the database to release lapsed requests, then not again within the interval', async () => {
    rpc.mockResolvedValue({ data: 2, error: null });
    await releaseLapsedRequests(1_000);
    await releaseLapsedRequests(1_000 + RELEASE_INTERVAL_MS - 1);
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('release_lapsed_booking_requests');
    await releaseLapsedRequests(1_000 + RELEASE_INTERVAL_MS);
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it('reads that start while a release is under way wait for that one instead of asking again', async () => {
    let finish: (value: { data: number; error: null }) => void = () => undefined;
    rpc.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    let secondDone = false;
    const first = releaseLapsedRequests(2_000);
    const second = releaseLapsedRequests(2_010).then(() => (secondDone = true));
    expect(rpc).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(secondDone).toBe(false);
    finish({ data: 1, error: null });
    await Promise.all([first, second]);
    expect(secondDone).toBe(true);
  });

  it('a failed release is retried on the next read and never throws', async () => {
    rpc
      .mockResolvedValueOnce({ data: null, error: { message: 'network' } })
      .mockResolvedValueOnce({ data: 0, error: null });
    await expect(releaseLapsedRequests(5_000)).resolves.toBeUndefined();
    await releaseLapsedRequests(5_001);
    expect(rpc).toHaveBeenCalledTimes(2);
  });
});
