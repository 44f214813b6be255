import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import type { ApiKeyRow } from '../api/get-api-keys';
import { ApiKeysCard } from './api-keys-card';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const KEY = `nzl_${'3f'.repeat(32)}`;
const ACTIVE: ApiKeyRow = {
  id: 'k1',
  name: 'Channel manager',
  prefix: 'nzl_3f3f3f3f',
  created_at: '2026-11-20T21:30:00Z',
  last_used_at: '2026-11-25T08:15:00Z',
  revoked_at: null,
  creator: { full_name: 'Omar Al-Saud' },
};
const REVOKED: ApiKeyRow = {
  ...ACTIVE,
  id: 'k2',
  name: 'Old website',
  prefix: 'nzl_0a0a0a0a',
  last_used_at: null,
  revoked_at: '2026-11-22T10:00:00Z',
  creator: null,
};

interface Server {
  rows: ApiKeyRow[];
  permissions: string[];
  create?: (call: RestCall) => Response;
  revoke?: (call: RestCall) => Response;
}
let server: Server;
let calls: RestCall[];

beforeEach(() => {
  server = { rows: [ACTIVE, REVOKED], permissions: ['api_keys.manage'] };
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'api_keys' && call.method === 'GET') return json(server.rows);
    if (call.path === 'rpc/create_api_key') {
      return server.create
        ? server.create(call)
        : json([{ id: 'k3', name: 'Website', prefix: KEY.slice(0, 12), key: KEY, created_at: '2026-11-26T09:00:00Z' }]);
    }
    if (call.path === 'api_keys' && call.method === 'PATCH')
      return server.revoke ? server.revoke(call) : json([{ id: 'k1' }]);
    return json(null, 404);
  });
  toasts.error.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderCard() {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ApiKeysCard />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('ApiKeysCard', () => {
  it('lists each key: name, prefix, state, created, creator, last used; never the hash', async () => {
    renderCard();
    const active = await screen.findByRole('listitem', { name: 'Channel manager' });
    expect(active).toHaveTextContent('nzl_3f3f3f3f…');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(active).toHaveTextContent(formatDate(ACTIVE.created_at, 'en', 'medium', 'Asia/Riyadh'));
    // 21:30 UTC is the next day in Riyadh.
    expect(active).toHaveTextContent('Nov 21, 2026');
    expect(active).toHaveTextContent('Omar Al-Saud');
    expect(active).toHaveTextContent(formatDateTime(ACTIVE.last_used_at!, 'en', 'Asia/Riyadh'));
    expect(within(active).getByRole('button', { name: 'Revoke the key Channel manager' })).toBeInTheDocument();

    const revoked = item('Old website');
    expect(within(revoked).getByTestId('api-key-state')).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent(`Revoked on${formatDateTime(REVOKED.revoked_at!, 'en', 'Asia/Riyadh')}`);
    expect(revoked).toHaveTextContent('Never');
    expect(revoked).toHaveTextContent('A former member');
    expect(within(revoked).queryByRole('button')).toBeNull();

    const select = calls.find((call) => call.path === 'api_keys')?.url.searchParams.get('select') ?? '';
    expect(select).not.toContain('key_hash');
    expect(select).not.toBe('*');
    expect(screen.getByTestId('api-url')).toHaveTextContent('http://127.0.0.1:54399/functions/v1/api');
  });

  it('asks for a name before sending anything (SPEC §8), and sends the trimmed name', async () => {
    const user = renderCard();
    await screen.findByRole('listitem', { name: 'Channel manager' });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please enter an API key name')).toBeInTheDocument();
    expect(screen.getByLabelText('Key name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === 'rpc/create_api_key')).toBe(false);

    await user.type(screen.getByLabelText('Key name'), '  Website  ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'rpc/create_api_key')).toBe(true));
    expect(calls.find((call) => call.path === 'rpc/create_api_key')?.body).toEqual({ key_name: 'Website' });
  });

  it('shows the new key once, with a copy button and the warning, until "I have copied it"', async () => {
    // user-event puts a clipboard of its own in place of the browser's.
    const user = renderCard();
    await screen.findByRole('listitem', { name: 'Channel manager' });
    const listReads = () => calls.filter((call) => call.path === 'api_keys' && call.method === 'GET').length;
    const before = listReads();
    await user.type(screen.getByLabelText('Key name'), 'Website');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const reveal = await screen.findByRole('region', { name: 'Your new key "Website"' });
    const value = within(reveal).getByLabelText('The new API key');
    expect(value).toHaveValue(KEY);
    expect(value).toHaveAttribute('readonly');
    expect(value).toHaveAttribute('dir', 'ltr');
    expect(value).toHaveFocus();
    expect(reveal).toHaveTextContent('It will not be shown again');
    await user.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(await within(reveal).findByText('The key is on your clipboard.')).toBeInTheDocument();
    // The list is read again (it now holds the new key's prefix).
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));

    await user.click(within(reveal).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: /Your new key/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(KEY);
    expect(screen.getByLabelText('Key name')).toHaveValue('');
  });

  it('says why when the database refuses to create', async () => {
    server.create = () => json({ code: '42501', message: 'Permission denied', hint: 'api_keys_manage_required' }, 403);
    const user = renderCard();
    await screen.findByRole('listitem', { name: 'Channel manager' });
    await user.type(screen.getByLabelText('Key name'), 'Website');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const alert = await screen.findByTestId('api-key-create-error');
    expect(alert).toHaveTextContent('Failed to create the API key');
    expect(alert).toHaveTextContent('Permission denied. Contact administrator.');
    expect(screen.queryByTestId('api-key-reveal')).toBeNull();
  });

  it('revokes only after confirmation', async () => {
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key Channel manager' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('"Channel manager" (nzl_3f3f3f3f…)');
    expect(dialog).toHaveTextContent('can never be used again');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.searchParams.get('id')).toBe('eq.k1');
    expect(Object.keys(patch.body as object)).toEqual(['revoked_at']);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('toasts in the user’s language when a revoke is refused', async () => {
    await changeLanguage('ar');
    server.revoke = () => json([]);
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'إبطال المفتاح Channel manager' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'إبطال المفتاح' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalled());
    expect(toasts.error.mock.calls[0]?.[0]).toBe('تعذّر إبطال المفتاح');
  });

  it('reads in Arabic: labels, states and dates as the Arabic screens write them', async () => {
    await changeLanguage('ar');
    renderCard();
    const active = await screen.findByRole('listitem', { name: 'Channel manager' });
    expect(screen.getByRole('heading', { name: 'مفاتيح الواجهة البرمجية' })).toBeInTheDocument();
    expect(within(active).getByText('فعّال')).toBeInTheDocument();
    expect(active).toHaveTextContent(formatDate(ACTIVE.created_at, 'ar', 'medium', 'Asia/Riyadh'));
    expect(within(item('Old website')).getByTestId('api-key-state')).toHaveTextContent('مُبطَل');
    expect(screen.getByLabelText('اسم المفتاح')).toBeInTheDocument();
  });

  it('without api_keys.manage: no list, a disabled button and the reason', async () => {
    server.permissions = ['bookings.read'];
    renderCard();
    const reason = await screen.findByTestId('api-keys-no-permission');
    expect(reason).toHaveTextContent('Only members whose role includes the API keys permission');
    const button = screen.getByRole('button', { name: 'Create key' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason.textContent);
    expect(screen.queryByLabelText('Key name')).toBeNull();
    expect(calls.some((call) => call.path === 'api_keys')).toBe(false);
  });

  it('says so when there are no keys yet', async () => {
    server.rows = [];
    renderCard();
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('No API keys yet.');
  });
});
