import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { Integration } from '../lib/integration-schema';
import { IntegrationsTab } from './integrations-tab';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const TTLOCK: Integration = {
  id: 'i1',
  provider: 'ttlock',
  name: 'TTLock',
  status: 'active',
  sync_frequency: 'manual',
  settings: { username: 'demo-ttlock' },
  credentials_configured: true,
  last_sync_at: '2026-11-25T08:15:00Z',
  updated_at: '2026-11-25T08:15:00Z',
};
const ICAL: Integration = {
  ...TTLOCK,
  id: 'i2',
  provider: 'ical',
  name: 'Channel sync (iCal)',
  sync_frequency: 'realtime',
  settings: {},
  last_sync_at: null,
};

// The messaging cards (tested in messaging-cards.test.tsx) sit below; WhatsApp not connected here.
const MESSAGING = {
  whatsapp_phone_number_id: null,
  whatsapp_business_account_id: null,
  whatsapp_display_phone: null,
  whatsapp_status: 'not_connected',
  whatsapp_error: null,
  whatsapp_tested_at: null,
  sms_provider: 'taqnyat',
  sms_sender: null,
  sms_status: 'platform',
  sms_error: null,
  sms_tested_at: null,
};

interface Server {
  permissions: string[];
  rows: Integration[];
  lockTest: () => Response;
}
let server: Server;
let calls: RestCall[];

beforeEach(() => {
  server = {
    permissions: ['integrations.read', 'integrations.write'],
    rows: [TTLOCK, ICAL],
    lockTest: () => json({ ok: true, status: 'active', tested_at: '2026-11-26T09:00:00Z', locks: 2 }),
  };
  calls = stubRest((call) => {
    const path = call.url.pathname;
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'integrations' && call.method === 'GET') return json(server.rows);
    if (call.path === 'messaging_settings') return json([MESSAGING]);
    if (call.path === 'rpc/channel_sync_status')
      return json({ feeds: 3, paused_feeds: 0, last_synced_at: '2026-11-26T08:00:00Z' });
    if (call.path === 'rpc/set_channel_sync_schedule') {
      const body = call.body as { sync_frequency: Integration['sync_frequency']; paused: boolean };
      server.rows = [
        TTLOCK,
        { ...ICAL, sync_frequency: body.sync_frequency, status: body.paused ? 'disconnected' : 'active' },
      ];
      return json({ id: 'i2' });
    }
    if (call.path === 'rpc/disconnect_lock_integration') {
      server.rows = [{ ...TTLOCK, status: 'disconnected', credentials_configured: false }, ICAL];
      return json(null);
    }
    if (call.path === 'rpc/set_lock_integration') return json({ id: 'i1', status: 'pending' });
    if (path.endsWith('/functions/v1/locks/account/test')) return server.lockTest();
    if (path.endsWith('/functions/v1/ical/test')) {
      return json({
        tested_at: '2026-11-26T09:00:00Z',
        feeds: [
          feed('c1', 'Airbnb — Olaya loft', true, 4, null),
          feed('c2', 'Booking.com — Hittin villa', false, null, 'The calendar answered HTTP 500'),
        ],
      });
    }
    return json(null, 404);
  });
  toasts.success.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function feed(id: string, name: string, ok: boolean, events: number | null, error: string | null) {
  return {
    connection_id: id,
    connection_name: name,
    platform: 'airbnb',
    unit_id: 'u1',
    status: 'active',
    ok,
    events,
    skipped: ok ? 0 : null,
    error,
  };
}

function renderTab() {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <MemoryRouter>
            <IntegrationsTab />
          </MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Settings → Integrations', () => {
  it('tests the TTLock account and says how many locks it has', async () => {
    const user = renderTab();
    const card = await screen.findByTestId('integration-ttlock');
    expect(within(card).getByTestId('ttlock-status')).toHaveTextContent('Active');
    expect(within(card).getByTestId('ttlock-username')).toHaveTextContent('demo-ttlock');
    // Secrets are never shown: the fields start empty with a "stored" hint.
    expect(within(card).getByLabelText(/TTLock password/)).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Connected to TTLock: the account has 2 locks.');
  });

  it('explains a password TTLock refuses', async () => {
    server.lockTest = () => json({ code: 'lock_account_rejected', message: 'TTLock did not accept' }, 422);
    const user = renderTab();
    const card = await screen.findByTestId('integration-ttlock');
    await user.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByTestId('ttlock-test-result')).toHaveTextContent(
      'TTLock did not accept this account. Check the username, password, client id and client secret.',
    );
  });

  it('needs every secret for a first account and sends them write-only', async () => {
    server.rows = [ICAL];
    const user = renderTab();
    const card = await screen.findByTestId('integration-ttlock');
    expect(within(card).getByTestId('ttlock-status')).toHaveTextContent('Setup required');
    expect(within(card).getByRole('button', { name: 'Test connection' })).toBeDisabled();
    await user.type(within(card).getByLabelText(/TTLock username/), 'host@example.com');
    await user.click(within(card).getByRole('button', { name: 'Save account' }));
    expect(await within(card).findAllByText('Please fill in all fields')).toHaveLength(3);
    await user.type(within(card).getByLabelText(/TTLock password/), 'pw');
    await user.type(within(card).getByLabelText(/Client ID/), 'cid');
    await user.type(within(card).getByLabelText(/Client secret/), 'sec');
    await user.click(within(card).getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'rpc/set_lock_integration')).toBe(true));
    expect(calls.find((c) => c.path === 'rpc/set_lock_integration')!.body).toEqual({
      username: 'host@example.com',
      password: 'pw',
      client_id: 'cid',
      client_secret: 'sec',
    });
  });

  it('disconnects after asking', async () => {
    const user = renderTab();
    const card = await screen.findByTestId('integration-ttlock');
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.path === 'rpc/disconnect_lock_integration')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.getByTestId('ttlock-status')).toHaveTextContent('Disconnected'));
  });

  it('changes the channel sync frequency, pauses, and tests the feeds without applying them', async () => {
    const user = renderTab();
    const card = await screen.findByTestId('integration-ical');
    expect(within(card).getByTestId('ical-frequency')).toHaveTextContent('Every 15 minutes');
    expect(await within(card).findByTestId('ical-feeds')).toHaveTextContent('3 calendars');
    await user.selectOptions(within(card).getByLabelText('Sync frequency'), 'hourly');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).getByTestId('ical-frequency')).toHaveTextContent('Every hour'));
    expect(calls.find((c) => c.path === 'rpc/set_channel_sync_schedule')!.body).toEqual({
      sync_frequency: 'hourly',
      paused: false,
    });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(card).getByTestId('ical-frequency')).toHaveTextContent('Paused'));
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Test feeds' }));
    const results = await within(card).findAllByTestId('ical-test-feed');
    expect(results[0]).toHaveTextContent('Reachable, 4 events');
    expect(results[1]).toHaveTextContent('Could not be read:');
    expect(results[1]).toHaveTextContent('The calendar answered HTTP 500');
    expect(within(card).getByRole('link', { name: 'OTA connections' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=ota_connections',
    );
  });

  it('is read-only for integrations.read, saying why, in Arabic too', async () => {
    server.permissions = ['integrations.read'];
    await changeLanguage('ar');
    renderTab();
    expect(await screen.findByTestId('integrations-read-only')).toHaveTextContent('دورك لا يشمل إدارة التكاملات');
    expect(await screen.findByTestId('ical-frequency')).toHaveTextContent('كل 15 دقيقة');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('without integrations.read shows permission denied and asks for nothing', async () => {
    server.permissions = ['bookings.read'];
    renderTab();
    expect(await screen.findByTestId('permission-denied')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'integrations')).toBe(false);
  });
});
