import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { MessageAutomation, MessageTemplate } from '../lib/message-template-schema';
import { MessagesSettings } from './messages-settings';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const PRE_ARRIVAL: MessageTemplate = {
  id: 't1',
  name: 'Before arrival',
  kind: 'pre_arrival',
  subject_en: null,
  subject_ar: null,
  body_en: 'Hi {{guest_name}}, your door code is {{door_code}}.',
  body_ar: 'أهلًا {{guest_name}}، رمز الباب {{door_code}}.',
  whatsapp_template_name: null,
  whatsapp_params: [],
  active: true,
  updated_at: '2026-11-26T08:00:00Z',
};
const WELCOME: MessageTemplate = { ...PRE_ARRIVAL, id: 't2', name: 'Welcome', kind: null, body_en: 'Welcome!' };
const BOOKING = {
  id: 'b1',
  booking_reference: 'BK-1001',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  client: { name: 'Sara Al-Harbi', preferred_language: 'ar' },
  unit: { name: 'Olaya loft', name_ar: 'شقة العليا' },
};

interface Server {
  permissions: string[];
  templates: MessageTemplate[];
  automations: MessageAutomation[];
  insert: (body: Record<string, unknown>) => Response;
}
let server: Server;
let calls: RestCall[];

beforeEach(() => {
  server = {
    permissions: ['messages.read', 'settings.manage'],
    templates: [PRE_ARRIVAL, WELCOME],
    automations: [
      { kind: 'pre_arrival', enabled: true, days: 2 },
      { kind: 'check_in_day', enabled: true, days: null },
    ],
    insert: () => json(null, 201),
  };
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'message_templates' && call.method === 'GET') return json(server.templates);
    if (call.path === 'message_templates' && call.method === 'POST')
      return server.insert(call.body as Record<string, unknown>);
    if (call.path === 'message_automations') return json(server.automations);
    if (call.path === 'messaging_settings')
      return json([{ quiet_hours_enabled: true, quiet_hours_start: '22:00:00', quiet_hours_end: '08:00:00' }]);
    if (call.path === 'bookings') return json([BOOKING]);
    if (call.path === 'rpc/set_message_automation') {
      const body = call.body as MessageAutomation;
      server.automations = server.automations.map((row) => (row.kind === body.kind ? { ...row, ...body } : row));
      return json(body);
    }
    if (call.path === 'rpc/render_message_text') {
      const body = call.body as { body: string; language: string };
      return json({ subject: null, body: body.body.replace('{{guest_name}}', 'Sara Al-Harbi'), unknown: [] });
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
            <MessagesSettings />
          </MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Settings → Messages', () => {
  it('lists the automatic messages with when they go, and switches one off', async () => {
    const user = renderTab();
    const row = await screen.findByTestId('automation-pre_arrival');
    expect(row).toHaveTextContent('At 10:00, 2 days before check-in');
    const toggle = within(screen.getByTestId('automation-check_in_day')).getByRole('switch');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'rpc/set_message_automation')?.body).toEqual({
        kind: 'check_in_day',
        enabled: false,
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('automation-check_in_day')).getByRole('switch')).not.toBeChecked(),
    );
  });

  it('saves the days before arrival within their range only', async () => {
    const user = renderTab();
    const days = await screen.findByTestId('automation-days-pre_arrival');
    const save = screen.getByTestId('automation-days-save-pre_arrival');
    await user.clear(days);
    await user.type(days, '30');
    expect(save).toBeDisabled();
    await user.clear(days);
    await user.type(days, '٣');
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'rpc/set_message_automation')?.body).toEqual({
        kind: 'pre_arrival',
        enabled: true,
        days: 3,
      }),
    );
  });

  it('shows quiet hours in the organisation time zone', async () => {
    renderTab();
    expect(await screen.findByTestId('quiet-hours-time-zone')).toHaveTextContent('Asia/Riyadh');
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    expect(screen.getByText(/wait until 08:00/)).toBeInTheDocument();
  });

  it('creates a template: a chip inserts the variable at the cursor, a typo is flagged as typed', async () => {
    const user = renderTab();
    await user.click(await screen.findByTestId('template-new'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Parking');
    const english = within(dialog).getByLabelText('Message in English');
    await user.type(english, 'Hi , park at B2.');
    (english as HTMLTextAreaElement).setSelectionRange(3, 3);
    fireEvent.focus(english);
    await user.click(within(dialog).getByTestId('variable-chip-guest_name'));
    expect(english).toHaveValue('Hi {{guest_name}}, park at B2.');
    const arabic = within(dialog).getByLabelText('Message in Arabic');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    fireEvent.change(arabic, { target: { value: 'أهلًا {{guestname}}' } });
    expect(within(dialog).getByTestId('unknown-variables-body_ar')).toHaveTextContent('Not a variable: {{guestname}}');
    fireEvent.change(arabic, { target: { value: 'أهلًا {{guest_name}}' } });
    expect(within(dialog).queryByTestId('unknown-variables-body_ar')).toBeNull();
    await user.click(within(dialog).getByTestId('template-save'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Template created'));
    expect(calls.find((c) => c.path === 'message_templates' && c.method === 'POST')?.body).toMatchObject({
      name: 'Parking',
      kind: null,
      body_en: 'Hi {{guest_name}}, park at B2.',
      body_ar: 'أهلًا {{guest_name}}',
      subject_en: null,
      whatsapp_params: [],
    });
  });

  it('names the variable the database refused, in Arabic', async () => {
    server.insert = () =>
      json(
        {
          code: 'PT400',
          message: 'Unknown template variable: {{wifi}}',
          hint: 'template_unknown_variable',
          details: null,
        },
        400,
      );
    await changeLanguage('ar');
    const user = renderTab();
    await user.click(await screen.findByTestId('template-new'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('الاسم'), 'واي فاي');
    fireEvent.change(within(dialog).getByLabelText('الرسالة بالإنجليزية'), { target: { value: 'Wi-Fi: {{wifi}}' } });
    fireEvent.change(within(dialog).getByLabelText('الرسالة بالعربية'), { target: { value: 'الشبكة: {{wifi}}' } });
    await user.click(within(dialog).getByTestId('template-save'));
    expect(await within(dialog).findByTestId('template-save-error')).toHaveTextContent(
      'لم يُحفظ القالب: {{wifi}} ليس متغيّرًا معروفًا',
    );
  });

  it('previews the unsaved draft with a booking in both languages', { timeout: 20_000 }, async () => {
    const user = renderTab();
    const rows = await screen.findAllByTestId('message-template-row');
    const welcome = rows.find((row) => row.textContent?.includes('Welcome'))!;
    await user.click(within(welcome).getByRole('button', { name: 'Edit Welcome' }));
    const dialog = await screen.findByRole('dialog');
    const booking = await within(dialog).findByTestId('preview-booking');
    await waitFor(() => expect(booking).toHaveValue('b1'));
    expect(booking).toHaveTextContent('BK-1001 · Sara Al-Harbi · Olaya loft');
    fireEvent.change(within(dialog).getByLabelText('Message in English'), {
      target: { value: 'Welcome {{guest_name}}!' },
    });
    await user.click(within(dialog).getByTestId('template-preview'));
    expect(await within(dialog).findByTestId('template-preview-en')).toHaveTextContent('Welcome Sara Al-Harbi!');
    expect(within(dialog).getByTestId('template-preview-ar')).toHaveTextContent('أهلًا Sara Al-Harbi، رمز الباب');
    const rendered = calls.filter((c) => c.path === 'rpc/render_message_text').map((c) => c.body);
    expect(rendered).toContainEqual({ body: 'Welcome {{guest_name}}!', booking_id: 'b1', language: 'en' });
  });

  it('is read-only for messages.read: no new template, switches disabled', async () => {
    server.permissions = ['messages.read'];
    renderTab();
    expect(await screen.findByTestId('messages-read-only')).toBeInTheDocument();
    expect(await screen.findByTestId('automation-toggle-pre_arrival')).toBeDisabled();
    expect(screen.queryByTestId('template-new')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('without messages.read shows permission denied and asks for nothing', async () => {
    server.permissions = ['bookings.read'];
    renderTab();
    expect(await screen.findByTestId('permission-denied')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'message_templates')).toBe(false);
  });
});
