import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { fakeAuth, fakeSession } from '@/test/render';
import { LIVE_SETTLE_MS, useTableChanges, type UseTableChangesOptions } from './use-table-changes';

/** A stand-in for supabase-js's channel: what was asked for, and a way to play the server. */
interface FakeChannel {
  topic: string;
  binding: { event: string; schema: string; table: string; filter?: string } | null;
  deliver: (change: Record<string, unknown>) => void;
  status: (status: string) => void;
  removed: boolean;
}
const realtime = vi.hoisted(() => ({ channels: [] as FakeChannel[] }));

vi.mock('@/lib/supabase', () => ({
  supabase: {
    channel: (topic: string) => {
      const fake: FakeChannel = {
        topic,
        binding: null,
        deliver: () => undefined,
        status: () => undefined,
        removed: false,
      };
      realtime.channels.push(fake);
      const api = {
        on: (_type: string, binding: FakeChannel['binding'], callback: FakeChannel['deliver']) => {
          fake.binding = binding;
          fake.deliver = callback;
          return api;
        },
        subscribe: (callback: FakeChannel['status']) => {
          fake.status = callback;
          return fake;
        },
      };
      return api;
    },
    removeChannel: (channel: FakeChannel) => {
      channel.removed = true;
      return Promise.resolve('ok');
    },
  },
}));

const ORG1 = '11111111-1111-4111-8111-111111111111';
const ORG2 = '22222222-2222-4222-8222-222222222222';
const signedIn = (id: string) => fakeAuth(fakeSession({ id }));

function setup(initial: UseTableChangesOptions, auth: AuthContextValue = signedIn('user-1')) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Two cached queries: the one the hook refreshes and one it must leave alone.
  for (const queryKey of [['tasks', 'list'], ['units']]) queryClient.setQueryData(queryKey, 0);
  const state = { auth };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContextProvider value={state.auth}>{children}</AuthContextProvider>
    </QueryClientProvider>
  );
  const view = renderHook((options: UseTableChangesOptions) => useTableChanges(options), {
    initialProps: initial,
    wrapper,
  });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { view, queryClient, state, invalidated };
}

const tasksOf = (scope: string | null): UseTableChangesOptions => ({
  table: 'tasks',
  scope,
  queryKeys: [['tasks']],
});

describe('useTableChanges', () => {
  beforeEach(() => {
    realtime.channels = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("subscribes to the table's changes of the organisation only", () => {
    setup(tasksOf(ORG1));
    expect(realtime.channels).toHaveLength(1);
    expect(realtime.channels[0]?.binding).toEqual({
      event: '*',
      schema: 'public',
      table: 'tasks',
      filter: `organization_id=eq.${ORG1}`,
    });
  });

  it("'readable' subscribes without a filter (RLS alone: a vendor's tasks span organisations)", () => {
    setup({ ...tasksOf(null), scope: 'readable', event: 'INSERT' });
    expect(realtime.channels[0]?.binding).toEqual({ event: 'INSERT', schema: 'public', table: 'tasks' });
  });

  it('subscribes to nothing without a scope or a signed-in user', () => {
    setup(tasksOf(null));
    setup(tasksOf(ORG1), fakeAuth(null));
    expect(realtime.channels).toHaveLength(0);
  });

  it('is live once subscribed, and not after the connection drops', () => {
    const { view } = setup(tasksOf(ORG1));
    expect(view.result.current.live).toBe(false);
    act(() => realtime.channels[0]?.status('SUBSCRIBED'));
    expect(view.result.current.live).toBe(true);
    act(() => realtime.channels[0]?.status('CHANNEL_ERROR'));
    expect(view.result.current.live).toBe(false);
  });

  it('joining refreshes once, for what changed while nobody listened', () => {
    const { invalidated } = setup(tasksOf(ORG1));
    expect(invalidated()).toEqual([]);
    act(() => realtime.channels[0]?.status('SUBSCRIBED'));
    expect(invalidated()).toEqual([['tasks', 'list']]);
  });

  it('a burst of 50 changes invalidates once, after it settles, and only the given keys', () => {
    const onChange = vi.fn();
    const { queryClient, invalidated } = setup({ ...tasksOf(ORG1), onChange });
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    for (let i = 0; i < 50; i += 1) {
      act(() => realtime.channels[0]?.deliver({ eventType: 'INSERT', new: { id: `stay-${i}` } }));
      act(() => {
        vi.advanceTimersByTime(10);
      });
    }
    expect(onChange).toHaveBeenCalledTimes(50);
    expect(spy).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(LIVE_SETTLE_MS);
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ queryKey: ['tasks'] }, { cancelRefetch: true });
    expect(invalidated()).toEqual([['tasks', 'list']]);
  });

  it('unsubscribes on unmount and drops a pending refresh', () => {
    const { view, queryClient } = setup(tasksOf(ORG1));
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => realtime.channels[0]?.deliver({ eventType: 'UPDATE' }));
    view.unmount();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(realtime.channels[0]?.removed).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });

  it('subscribes again when the organisation changes (the old channel is removed)', () => {
    const { view } = setup(tasksOf(ORG1));
    view.rerender(tasksOf(ORG2));
    expect(realtime.channels.map((c) => [c.binding?.filter, c.removed])).toEqual([
      [`organization_id=eq.${ORG1}`, true],
      [`organization_id=eq.${ORG2}`, false],
    ]);
    // Each subscriber has its own topic: supabase-js would hand back a joined channel otherwise.
    expect(new Set(realtime.channels.map((c) => c.topic)).size).toBe(2);
  });

  it('subscribes again when another user signs in, not when the keys array is new', () => {
    const { view, state } = setup(tasksOf(ORG1));
    view.rerender({ ...tasksOf(ORG1), queryKeys: [['tasks']] });
    expect(realtime.channels).toHaveLength(1);
    state.auth = signedIn('user-2');
    view.rerender(tasksOf(ORG1));
    expect(realtime.channels).toHaveLength(2);
    expect(realtime.channels[0]?.removed).toBe(true);
  });
});
