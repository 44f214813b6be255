import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { AuthContextProvider, type AuthContextValue } from './auth-provider';
import { usePermissions } from './permissions';

function wrapper(auth: AuthContextValue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContextProvider value={auth}>{children}</AuthContextProvider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('usePermissions', () => {
  it('answers can(…) from my_permissions() for a staff member', async () => {
    const calls = stubRest(() => json(['units.read', 'roles.manage']));
    const { result } = renderHook(() => usePermissions(), { wrapper: wrapper(fakeAuth(fakeSession())) });
    expect(result.current.status).toBe('pending');
    expect(result.current.can('units.read')).toBe(false);
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.can('units.read')).toBe(true);
    expect(result.current.can('units.write')).toBe(false);
    expect(calls.map((call) => call.path)).toEqual(['rpc/my_permissions']);
  });

  it('reports an error rather than "no" when the permissions cannot be read', async () => {
    stubRest(() => json({ message: 'boom' }, 500));
    const { result } = renderHook(() => usePermissions(), { wrapper: wrapper(fakeAuth(fakeSession())) });
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('asks nothing for a vendor user: no organisation, no permissions', () => {
    const calls = stubRest(() => json([]));
    const { result } = renderHook(() => usePermissions(), {
      wrapper: wrapper(fakeAuth(fakeSession(), { kind: 'vendor' })),
    });
    expect(result.current.status).toBe('success');
    expect(result.current.can('tasks.read')).toBe(false);
    expect(calls).toHaveLength(0);
  });
});
