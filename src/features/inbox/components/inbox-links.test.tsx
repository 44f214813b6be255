import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { InboxNavBadge } from './inbox-nav-badge';
import { MessageGuestLink } from './message-guest-link';

// The Realtime socket is lib/realtime's to test; here only which subscription the badge asks for.
const subscriptions: { table: string; scope: string | null | undefined }[] = [];
vi.mock('@/lib/realtime/use-table-changes', () => ({
  useTableChanges: (options: { table: string; scope: string | null | undefined }) => {
    subscriptions.push({ table: options.table, scope: options.scope });
    return { live: false };
  },
}));

const CLIENT = '30000000-0000-4000-8000-000000000009';

function serve(permissions: string[], unread: number) {
  return stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'messages' && call.method === 'HEAD') {
      return new Response(null, { status: 200, headers: { 'content-range': `*/${unread}` } });
    }
    return json(null, 404);
  });
}

function renderBoth() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <InboxNavBadge />
            <MessageGuestLink clientId={CLIENT} />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient({ environment: 'development', debug: false })}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the inbox outside its screen', () => {
  it("counts the guests' unread messages beside the nav item and links a client to their conversation", async () => {
    const calls = serve(['messages.read'], 3);
    renderBoth();
    expect(await screen.findByTestId('inbox-unread-total')).toHaveTextContent('3 unread');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/dashboard/inbox?c=${encodeURIComponent(`client:${CLIENT}`)}`,
    );
    expect(subscriptions.at(-1)).toEqual({ table: 'messages', scope: '20000000-0000-4000-8000-000000000001' });
    const count = calls.find((call) => call.path === 'messages');
    expect(count?.url.searchParams.get('direction')).toBe('eq.inbound');
    expect(count?.url.searchParams.get('seen_at')).toBe('is.null');
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    serve(['messages.read'], 2);
    renderBoth();
    expect(await screen.findByTestId('inbox-unread-total')).toHaveTextContent('2 غير مقروءة');
    expect(screen.getByRole('link', { name: 'مراسلة' })).toBeInTheDocument();
  });

  it('shows neither to a role without messages.read', async () => {
    const calls = serve(['clients.read'], 3);
    renderBoth();
    await vi.waitFor(() => expect(calls.some((call) => call.path === 'rpc/my_permissions')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('inbox-unread-total')).toBeNull();
    expect(screen.queryByTestId('message-guest')).toBeNull();
    expect(calls.some((call) => call.path === 'messages')).toBe(false);
  });
});
