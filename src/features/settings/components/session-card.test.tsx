import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import type { SessionRow } from '../api/session-list';
import { SessionCard } from './session-card';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const HERE: SessionRow = {
  id: 's-here',
  created_at: '2026-11-20T21:30:00Z',
  last_active_at: '2026-11-26T08:15:00Z',
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ip: '192.0.2.10',
  aal: 'aal1',
  is_current: true,
};
const PHONE: SessionRow = {
  id: 's-phone',
  created_at: '2026-11-18T06:00:00Z',
  last_active_at: '2026-11-25T19:45:00Z',
  user_agent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ip: '198.51.100.7',
  aal: 'aal1',
  is_current: false,
};
const SCRIPT: SessionRow = { ...PHONE, id: 's-script', user_agent: 'curl/8.5.0', ip: null };

let rows: SessionRow[];
let calls: RestCall[];
let signOut: ReturnType<typeof vi.fn<(scope?: 'local' | 'global' | 'others') => Promise<void>>>;

beforeEach(() => {
  rows = [HERE, PHONE, SCRIPT];
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_sessions') return json(rows);
    if (call.path === 'rpc/sign_out_session') {
      const target = (call.body as { target: string }).target;
      if (!rows.some((r) => r.id === target && !r.is_current)) {
        return json(
          { code: 'PT404', message: 'This session was not found', details: null, hint: 'session_not_found' },
          404,
        );
      }
      rows = rows.filter((r) => r.id !== target);
      return json(null, 204);
    }
    return json(null, 404);
  });
  signOut = vi.fn((_scope?: 'local' | 'global' | 'others') => {
    rows = rows.filter((r) => r.is_current);
    return Promise.resolve();
  });
  toasts.error.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderCard(onSignOutEverywhere = vi.fn()) {
  const client = createQueryClient({ environment: 'development', debug: false });
  const auth = { ...fakeAuth(fakeSession()), signOut };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={auth}>
          <SessionCard onSignOutEverywhere={onSignOutEverywhere} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

const items = () => screen.findAllByTestId('session-item');

describe('SessionCard', () => {
  it('lists the sessions with a readable device, address and times; this device is marked and keeps no sign-out', async () => {
    renderCard();
    const [here, phone, script] = await items();
    expect(within(here!).getByRole('heading')).toHaveTextContent('Chrome on Windows');
    expect(within(here!).getByTestId('session-current')).toHaveTextContent('This device');
    expect(within(here!).queryByTestId('session-sign-out')).toBeNull();
    expect(within(phone!).getByRole('heading')).toHaveTextContent('Chrome on Android');
    expect(within(phone!).getByTestId('session-ip')).toHaveTextContent('198.51.100.7');
    expect(within(phone!).getByTestId('session-last-active')).toHaveTextContent(
      formatDateTime(PHONE.last_active_at!, 'en', TEST_ORGANIZATION.default_timezone),
    );
    expect(within(phone!).getByRole('button', { name: 'Sign out Chrome on Android' })).toBeEnabled();
    expect(within(script!).getByRole('heading')).toHaveTextContent('Unknown browser');
    expect(within(script!).getByTestId('session-ip')).toHaveTextContent('Unknown');
  });

  it('signs out the other sessions after confirmation, through the auth service (scope others)', async () => {
    const user = renderCard();
    await items();
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The 2 other sessions of your account end; this device stays signed in.');
    // Focus starts on Cancel: nothing happens by pressing Enter.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByTestId('sign-out-others-confirm'));
    expect(signOut).toHaveBeenCalledWith('others');
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
    expect(screen.getByTestId('sessions-only-this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });

  it('signs out one other session after confirmation', async () => {
    const user = renderCard();
    const [, phone] = await items();
    await user.click(within(phone!).getByTestId('session-sign-out'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('The session in Chrome from 198.51.100.7');
    await user.click(screen.getByTestId('session-sign-out-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(2));
    expect(calls.find((c) => c.path === 'rpc/sign_out_session')?.body).toEqual({ target: PHONE.id });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('says so when the session had already ended', async () => {
    const user = renderCard();
    const [, phone] = await items();
    rows = rows.filter((r) => r.id !== PHONE.id);
    await user.click(within(phone!).getByTestId('session-sign-out'));
    await user.click(await screen.findByTestId('session-sign-out-confirm'));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Failed to sign out the session', {
        description: 'This session had already ended.',
      }),
    );
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    const user = renderCard();
    const [here, phone] = await items();
    expect(within(here!).getByTestId('session-current')).toHaveTextContent('هذا الجهاز');
    expect(within(phone!).getByRole('heading')).toHaveTextContent('Chrome على Android');
    expect(within(phone!).getByTestId('session-last-active')).toHaveTextContent(
      formatDateTime(PHONE.last_active_at!, 'ar', TEST_ORGANIZATION.default_timezone),
    );
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من الجلسات الأخرى' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('ستنتهي الجلستان الأخريان لحسابك');
  });
});
