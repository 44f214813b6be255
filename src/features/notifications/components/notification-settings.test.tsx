import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { notificationChannels, notificationEvents, type NotificationRule } from '../schemas';
import { NotificationSettings } from './notification-settings';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const ADMIN = '00000000-0000-4000-8000-00000000000a';
const MANAGER = '00000000-0000-4000-8000-00000000000b';
const FRONT_DESK = '00000000-0000-4000-8000-00000000000c';

function rules(): NotificationRule[] {
  return notificationEvents.flatMap((event) =>
    notificationChannels.map((channel) => ({
      event,
      channel,
      enabled: true,
      role_ids: event === 'task_assigned' ? [] : [ADMIN, MANAGER],
      notify_assignee: event === 'task_assigned',
      notify_creator: false,
    })),
  );
}

let server: { permissions: string[]; rules: NotificationRule[] };
let calls: RestCall[];

beforeEach(() => {
  server = { permissions: ['settings.manage'], rules: rules() };
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'notification_rules' && call.method === 'GET') return json(server.rules);
    if (call.path === 'notification_rules' && call.method === 'PATCH') return json([{ event: 'x' }]);
    if (call.path === 'roles') {
      return json([
        { id: FRONT_DESK, key: null, name: 'Front desk' },
        { id: MANAGER, key: 'manager', name: 'Manager' },
        { id: ADMIN, key: 'admin', name: 'Administrator' },
      ]);
    }
    if (call.path === 'notification_mutes' && call.method === 'GET') return json([]);
    if (call.path === 'notification_mutes') return json(null, 201);
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

function renderSettings() {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <NotificationSettings />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Settings → Notifications', () => {
  it('an administrator turns an e-mail off, adds a custom role and saves with a toast', async () => {
    const user = renderSettings();
    const email = await screen.findByRole('checkbox', { name: 'New booking by E-mail' });
    expect(email).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(email);
    const inApp = screen.getByTestId('notification-rule-booking_created-in_app');
    // Built-in roles first, named in the reader's language, then custom roles.
    const labels = within(inApp)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(labels).toEqual(['On', 'Administrators', 'Managers', 'Front desk']);
    await user.click(within(inApp).getByRole('checkbox', { name: 'Front desk' }));
    await user.click(save);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Notification settings saved'));
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(2);
    const byChannel = new Map(patches.map((p) => [p.url.searchParams.get('channel'), p]));
    expect(byChannel.get('eq.email')!.url.searchParams.get('event')).toBe('eq.booking_created');
    expect(byChannel.get('eq.email')!.body).toMatchObject({ enabled: false });
    expect(byChannel.get('eq.in_app')!.body).toMatchObject({ role_ids: [ADMIN, MANAGER, FRONT_DESK] });
  });

  it('task events also offer the assignee and the creator', async () => {
    renderSettings();
    const cell = await screen.findByTestId('notification-rule-task_assigned-email');
    expect(within(cell).getByRole('checkbox', { name: 'The assignee' })).toBeChecked();
    expect(within(cell).getByRole('checkbox', { name: 'Whoever created the task' })).not.toBeChecked();
    expect(screen.queryByTestId('notification-rule-booking_created-email')!.textContent).not.toContain('The assignee');
  });

  it(
    'without settings.manage: read-only with the reason, and the member may still mute for themselves',
    { timeout: 20_000 },
    async () => {
      server.permissions = ['bookings.read'];
      await changeLanguage('ar');
      const user = renderSettings();
      expect(await screen.findByTestId('notification-read-only')).toHaveTextContent(
        'لا يغيّر هذه الإعدادات إلا المسؤولون',
      );
      // (Label queries: role queries over the whole matrix are slow in jsdom.)
      expect(screen.getByLabelText('حجز جديد عبر البريد الإلكتروني')).toBeDisabled();
      expect(screen.queryByTestId('notification-save')).toBeNull();
      const mute = screen.getByLabelText('كتم «حجز جديد» عبر البريد الإلكتروني عني');
      await waitFor(() => expect(mute).toBeEnabled());
      await user.click(mute);
      await waitFor(() => expect(calls.some((c) => c.path === 'notification_mutes' && c.method === 'POST')).toBe(true));
      const muted = calls.find((c) => c.path === 'notification_mutes' && c.method === 'POST')!;
      expect(muted.body).toMatchObject({ event: 'booking_created', channel: 'email' });
    },
  );
});
