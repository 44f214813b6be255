import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '@/test/render';

/** The auth client as the provider uses it: the first session, then every change auth-js reports. */
const auth = vi.hoisted(() => ({
  initial: null as Session | null,
  listener: null as ((event: AuthChangeEvent, session: Session | null) => void) | null,
}));
vi.mock('@/lib/supabase', () => ({
  authStorage: { hadSessionAtStart: true },
  supabase: {
    auth: {
      getSession: () => Promise.resolve({ data: { session: auth.initial } }),
      onAuthStateChange: (listener: (event: AuthChangeEvent, session: Session | null) => void) => {
        auth.listener = listener;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
    },
  },
}));
vi.mock('./load-account', () => ({
  loadAccount: () => Promise.resolve({ ok: false, user: null, profile: null, problem: { kind: 'profile_not_found' } }),
}));

const { AuthProvider, useAuth } = await import('./auth-provider');

const userA = fakeSession({ id: 'user-a' });
const userB = fakeSession({ id: 'user-b' });
const LIST = ['bookings', 'list'];
const OTHER = ['clients', 'list'];

/** Every render: whose session the screen has and what the bookings list shows. */
let renders: { user: string | null; rows: string | undefined }[] = [];

function Screen() {
  const { user } = useAuth();
  // Never answers: what is on screen can only come from the cache.
  const list = useQuery({ queryKey: LIST, queryFn: () => new Promise<string>(() => undefined), staleTime: Infinity });
  renders.push({ user: user?.id ?? null, rows: list.data });
  return null;
}

async function start() {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Screen />
      </AuthProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(renders.at(-1)?.user).toBe('user-a'));
  // What user A's screens fetched (30 minutes fresh in production).
  act(() => {
    queryClient.setQueryData(LIST, "user A's bookings");
    queryClient.setQueryData(OTHER, "user A's clients");
  });
  await waitFor(() => expect(renders.at(-1)).toEqual({ user: 'user-a', rows: "user A's bookings" }));
  return queryClient;
}

/** auth-js reports a change (in another tab, it relays the other tab's event the same way). */
async function authChanges(event: AuthChangeEvent, session: Session | null) {
  await act(async () => {
    auth.listener?.(event, session);
    // Let the query observers' batched notifications (a zero timeout) run.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

describe('AuthProvider clears the query cache when the signed-in user changes', () => {
  beforeEach(() => {
    auth.initial = userA;
    auth.listener = null;
    renders = [];
  });

  it("never shows user A's data to user B, not even for one render (B signed in here or in another tab)", async () => {
    const queryClient = await start();
    await authChanges('SIGNED_IN', userB);
    const seenByB = renders.filter((entry) => entry.user === 'user-b');
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((entry) => entry.rows === undefined)).toBe(true);
    expect(queryClient.getQueryData(OTHER)).toBeUndefined();
  });

  it('forgets everything on sign-out', async () => {
    const queryClient = await start();
    await authChanges('SIGNED_OUT', null);
    expect(queryClient.getQueryData(OTHER)).toBeUndefined();
    expect(renders.filter((entry) => entry.user === null).every((entry) => entry.rows === undefined)).toBe(true);
  });

  it('keeps the cache when only the token is refreshed (same user)', async () => {
    const queryClient = await start();
    await authChanges('TOKEN_REFRESHED', { ...userA, access_token: 'next-token' });
    expect(queryClient.getQueryData(OTHER)).toBe("user A's clients");
    expect(renders.at(-1)).toEqual({ user: 'user-a', rows: "user A's bookings" });
  });
});
