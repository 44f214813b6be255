import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { NotificationItem } from '../api/get-notifications';
import NotificationBell from './notification-bell';

const TASK: NotificationItem = {
  id: 'n1',
  event: 'task_assigned',
  params: { title: 'Fix the AC', title_ar: null, unit: 'Palm Villa', unit_ar: 'فيلا النخيل' },
  link: '/dashboard/tasks?task=t1',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read_at: null,
};
const BOOKING: NotificationItem = {
  id: 'n2',
  event: 'booking_created',
  params: { reference: 'BK-1042', guest: 'Omar', unit: 'Studio', check_in: '2026-12-10', check_out: '2026-12-12' },
  link: '/dashboard/bookings?booking=b1',
  created_at: '2026-11-01T09:00:00Z',
  read_at: '2026-11-01T10:00:00Z',
};

let server: { unread: number; rows: NotificationItem[] };
let calls: RestCall[];

beforeEach(() => {
  server = { unread: 1, rows: [TASK, BOOKING] };
  calls = stubRest((call) => {
    if (call.path === 'notifications' && call.method === 'HEAD') {
      return new Response(null, { status: 200, headers: { 'content-range': `*/${server.unread}` } });
    }
    if (call.path === 'notifications' && call.method === 'GET') return json(server.rows);
    if (call.path === 'notifications' && call.method === 'PATCH') {
      server.unread = 0;
      return new Response(null, { status: 204 });
    }
    return json(null, 404);
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderBell(profile: { kind?: 'staff' | 'vendor' } = {}) {
  const client = createQueryClient({ environment: 'development', debug: false });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NotificationBell /> },
      { path: '/dashboard/tasks', element: <p>Tasks page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession(), profile)}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

describe('the header bell', () => {
  it('shows the unread count and names it for screen readers; the list waits until opened', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('1');
    expect(calls.some((c) => c.path === 'notifications' && c.method === 'GET')).toBe(false);
  });

  it('caps the badge at 9+ and speaks Arabic in Arabic', async () => {
    server.unread = 12;
    await changeLanguage('ar');
    renderBell();
    const bell = await screen.findByRole('button', { name: 'الإشعارات، 12 إشعارًا غير مقروء' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('9+');
  });

  it('lists the newest in the reader’s language; a click marks it read and opens its link', async () => {
    const { user, router } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('New task for you: Fix the AC');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[1]).toHaveTextContent('New booking BK-1042');
    expect(items[1]).toHaveAttribute('data-unread', 'false');

    await user.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tasks'));
    expect(router.state.location.search).toBe('?task=t1');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.searchParams.get('id')).toBe('eq.n1');
    expect(patch.url.searchParams.get('read_at')).toBe('is.null');
    expect(typeof (patch.body as { read_at?: unknown }).read_at).toBe('string');
  });

  it('marks all as read, then has nothing to mark', async () => {
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    await user.click(markAll);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.searchParams.get('id')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
  });

  it('pages: "Show older" asks for the next twenty', async () => {
    server.rows = Array.from({ length: 20 }, (_, i) => ({ ...BOOKING, id: `b${i}` }));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(20);
    expect(calls.find((c) => c.method === 'GET')!.url.searchParams.get('limit')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.searchParams.get('limit'))).toContain('40'),
    );
  });

  it('says so when there is nothing, in Arabic', async () => {
    server = { unread: 0, rows: [] };
    await changeLanguage('ar');
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'الإشعارات' }));
    expect(await screen.findByText('لا جديد لديك')).toBeInTheDocument();
  });

  it('is not shown to a vendor', async () => {
    renderBell({ kind: 'vendor' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(calls).toEqual([]);
  });
});
