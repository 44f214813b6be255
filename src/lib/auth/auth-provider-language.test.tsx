import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '@/test/render';

/**
 * The sign-in language rule as the provider applies it: the profile's language is applied when
 * someone signs in (from nobody to somebody), not when a stored session is restored at start-up.
 */
const auth = vi.hoisted(() => ({
  initial: null as Session | null,
  listener: null as ((event: AuthChangeEvent, session: Session | null) => void) | null,
}));
const applied = vi.hoisted(() => vi.fn((_userId: string) => Promise.resolve()));
vi.mock('@/lib/supabase', () => ({
  authStorage: { hadSessionAtStart: false },
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
vi.mock('./profile-language', () => ({ applyProfileLanguage: applied }));

const { AuthProvider, useAuth } = await import('./auth-provider');

let seen: { status: string; account: string }[] = [];
function Screen() {
  const { status, accountStatus } = useAuth();
  seen.push({ status, account: accountStatus });
  return null;
}

function start() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Screen />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

async function authChanges(event: AuthChangeEvent, session: Session | null) {
  await act(async () => {
    auth.listener?.(event, session);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

beforeEach(() => {
  auth.initial = null;
  auth.listener = null;
  applied.mockClear();
  seen = [];
});

describe("AuthProvider applies the profile's language at sign-in", () => {
  it('when someone signs in, before the account counts as loaded', async () => {
    let finish: () => void = () => undefined;
    applied.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    start();
    await waitFor(() => expect(seen.at(-1)?.status).toBe('signed_out'));
    await authChanges('SIGNED_IN', fakeSession({ id: 'user-a' }));
    expect(applied).toHaveBeenCalledWith('user-a');
    // The dashboard waits for the language: the account is still loading.
    expect(seen.at(-1)).toEqual({ status: 'signed_in', account: 'loading' });
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    await waitFor(() => expect(seen.at(-1)?.account).toBe('problem'));
    // A token refresh of the same user applies nothing again.
    await authChanges('TOKEN_REFRESHED', fakeSession({ id: 'user-a' }));
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('not when a stored session is restored at start-up (the browser keeps its choice)', async () => {
    auth.initial = fakeSession({ id: 'user-a' });
    start();
    await waitFor(() => expect(seen.at(-1)?.account).toBe('problem'));
    await authChanges('SIGNED_IN', fakeSession({ id: 'user-a' }));
    expect(applied).not.toHaveBeenCalled();
  });

  it('again after signing out and in as someone else', async () => {
    auth.initial = fakeSession({ id: 'user-a' });
    start();
    await waitFor(() => expect(seen.at(-1)?.account).toBe('problem'));
    await authChanges('SIGNED_OUT', null);
    await authChanges('SIGNED_IN', fakeSession({ id: 'user-b' }));
    expect(applied).toHaveBeenCalledWith('user-b');
    expect(applied).toHaveBeenCalledTimes(1);
  });
});
