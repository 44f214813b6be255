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
import type { MessagingProviders } from '../lib/messaging-provider-schema';
import { IntegrationsTab } from './integrations-tab';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const NOT_CONNECTED: MessagingProviders = {
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
  settings: MessagingProviders;
  test: (body: { provider: string }) => Response;
}
let server: Server;
let calls: RestCall[];

beforeEach(() => {
  server = {
    permissions: ['integrations.read', 'integrations.write'],
    settings: NOT_CONNECTED,
    test: () => json({ ok: true, provider: 'whatsapp', status: 'active', tested_at: '2026-11-27T06:00:00Z' }),
  };
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'integrations') return json([]);
    if (call.path === 'rpc/channel_sync_status') return json({ feeds: 0, paused_feeds: 0, last_synced_at: null });
    if (call.path === 'messaging_settings') return json([server.settings]);
    if (call.path === 'rpc/set_messaging_provider') {
      const body = call.body as { provider: string; settings: Record<string, string | null> };
      if (body.provider === 'whatsapp') {
        server.settings = {
          ...server.settings,
          whatsapp_phone_number_id: body.settings.phone_number_id ?? null,
          whatsapp_business_account_id: body.settings.business_account_id ?? null,
          whatsapp_status: 'active',
        };
      }
      return json(server.settings);
    }
    if (call.path === 'rpc/disconnect_messaging_provider') {
      server.settings = NOT_CONNECTED;
      return json(server.settings);
    }
    if (call.url.pathname.endsWith('/functions/v1/messaging/providers/test')) {
      const response = server.test(call.body as { provider: string });
      server.settings = { ...server.settings, whatsapp_tested_at: '2026-11-27T06:00:00Z' };
      return response;
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

describe('Settings → Integrations: messaging', () => {
  it('connects WhatsApp with a write-only token, then tests it', async () => {
    const user = renderTab();
    const card = await screen.findByTestId('integration-whatsapp');
    expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('Not connected');
    expect(within(card).getByTestId('whatsapp-webhook-url')).toHaveTextContent(
      /\/functions\/v1\/messaging\/webhooks\/whatsapp$/,
    );
    expect(within(card).getByTestId('whatsapp-test')).toBeDisabled();
    await user.type(within(card).getByLabelText('Phone number ID'), '100000000000001');
    await user.type(within(card).getByLabelText('WhatsApp Business account ID'), '200000000000001');
    await user.click(within(card).getByTestId('whatsapp-save'));
    // The token is required while nothing is stored.
    expect(await within(card).findByText('Required')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Access token/), 'EAAG-secret');
    await user.click(within(card).getByTestId('whatsapp-save'));
    await waitFor(() => expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('Connected'));
    expect(calls.find((c) => c.path === 'rpc/set_messaging_provider')?.body).toEqual({
      provider: 'whatsapp',
      settings: { phone_number_id: '100000000000001', business_account_id: '200000000000001', display_phone: null },
      secret: 'EAAG-secret',
    });
    // Never shown again: the field is empty, with the "stored" hint.
    expect(within(card).getByLabelText(/Access token/)).toHaveValue('');
    expect(within(card).getByText('A token is stored. Leave blank to keep it.')).toBeInTheDocument();
    await user.click(within(card).getByTestId('whatsapp-test'));
    expect(await within(card).findByTestId('whatsapp-test-result')).toHaveTextContent(
      'The provider accepted the account.',
    );
    const test = calls.find((c) => c.url.pathname.endsWith('/messaging/providers/test'));
    expect(test?.body).toEqual({ provider: 'whatsapp' });
  });

  it("explains a token Meta refuses and shows the provider's reason", async () => {
    server.settings = {
      ...NOT_CONNECTED,
      whatsapp_phone_number_id: '100000000000001',
      whatsapp_status: 'error',
      whatsapp_error: 'Invalid OAuth access token.',
    };
    server.test = () =>
      json({ code: 'messaging_provider_rejected', message: 'Invalid OAuth access token.', status: 'error' }, 422);
    const user = renderTab();
    const card = await screen.findByTestId('integration-whatsapp');
    expect(within(card).getByTestId('whatsapp-error')).toHaveTextContent('Invalid OAuth access token.');
    await user.click(within(card).getByTestId('whatsapp-test'));
    expect(await within(card).findByTestId('whatsapp-test-result')).toHaveTextContent(
      'The provider did not accept this account.',
    );
  });

  it('says when the number is connected to another organisation', async () => {
    const user = renderTab();
    server.settings = NOT_CONNECTED;
    const card = await screen.findByTestId('integration-whatsapp');
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(
        json(
          {
            code: 'PT409',
            message: 'This WhatsApp number is connected to another organisation',
            hint: 'whatsapp_number_taken',
          },
          409,
        ),
      ),
    );
    await user.type(within(card).getByLabelText('Phone number ID'), '100000000000001');
    await user.type(within(card).getByLabelText('WhatsApp Business account ID'), '200000000000001');
    await user.type(within(card).getByLabelText(/Access token/), 'EAAG-secret');
    await user.click(within(card).getByTestId('whatsapp-save'));
    expect(await within(card).findByTestId('whatsapp-save-error')).toHaveTextContent(
      'This WhatsApp number is already connected to another organisation.',
    );
  });

  it('disconnects WhatsApp after asking', async () => {
    server.settings = { ...NOT_CONNECTED, whatsapp_phone_number_id: '100000000000001', whatsapp_status: 'active' };
    const user = renderTab();
    const card = await screen.findByTestId('integration-whatsapp');
    await user.click(within(card).getByTestId('whatsapp-disconnect'));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.path === 'rpc/disconnect_messaging_provider')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('Not connected'));
    expect(calls.find((c) => c.path === 'rpc/disconnect_messaging_provider')?.body).toEqual({ provider: 'whatsapp' });
  });

  it("SMS: Nuzl's account by default; an own Unifonic account needs its AppSid", async () => {
    const user = renderTab();
    const card = await screen.findByTestId('integration-sms');
    expect(within(card).getByTestId('sms-account')).toHaveTextContent("Nuzl's account");
    await user.selectOptions(within(card).getByTestId('sms-gateway'), 'unifonic');
    await user.type(within(card).getByLabelText('Sender name'), 'NuzlDemo');
    await user.click(within(card).getByLabelText("Use Nuzl's account"));
    await user.click(within(card).getByTestId('sms-save'));
    expect(await within(card).findByText('Required')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Token or AppSid/), 'app-sid-1');
    await user.click(within(card).getByTestId('sms-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'rpc/set_messaging_provider')?.body).toEqual({
        provider: 'sms',
        settings: { provider: 'unifonic', sender: 'NuzlDemo' },
        secret: 'app-sid-1',
      }),
    );
  });

  it('is read-only for integrations.read, in Arabic: status shown, nothing to change', async () => {
    server.permissions = ['integrations.read'];
    server.settings = { ...NOT_CONNECTED, whatsapp_display_phone: '+966 11 000 0001', whatsapp_status: 'active' };
    await changeLanguage('ar');
    renderTab();
    const card = await screen.findByTestId('integration-whatsapp');
    expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('مربوط');
    expect(within(card).getByTestId('whatsapp-number')).toHaveTextContent('+966 11 000 0001');
    expect(within(screen.getByTestId('integration-sms')).getByTestId('sms-account')).toHaveTextContent('حساب نُزل');
    expect(screen.getByTestId('integration-email')).toHaveTextContent('لا يحتاج إلى إعداد');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
