import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import type * as QueryRoots from '@/lib/query-roots';
import type { Tables } from '@/types/database';
import { UnitLockPanel } from './unit-lock-panel';

// The locks function as supabase-js invokes it: answers per "METHOD path", a refusal as a
// FunctionsHttpError whose context is the function's JSON response.
const fake = vi.hoisted(() => ({
  answers: new Map<string, { data?: unknown; refusal?: string; failure?: boolean }>(),
  invoked: [] as Array<{ name: string; method: string; body: unknown }>,
  rpc: vi.fn(),
  update: vi.fn(),
  tables: new Map<string, unknown>(),
}));

vi.mock('@/lib/supabase', () => {
  const invoke = (name: string, options: { method: string; body?: unknown }) => {
    fake.invoked.push({ name, method: options.method, body: options.body });
    const path = name.replace(/^locks\/units\/[^/]+\//, '');
    const answer = fake.answers.get(`${options.method} ${path}`);
    if (!answer) return Promise.resolve({ data: null, error: new Error(`unexpected ${options.method} ${path}`) });
    if (answer.refusal) {
      const context = new Response(JSON.stringify({ code: answer.refusal, message: 'x' }), { status: 409 });
      return Promise.resolve({
        data: null,
        error: Object.assign(new Error('refused'), { name: 'FunctionsHttpError', context }),
      });
    }
    if (answer.failure)
      return Promise.resolve({
        data: null,
        error: Object.assign(new Error('Failed to fetch'), { name: 'FunctionsFetchError' }),
      });
    return Promise.resolve({ data: answer.data, error: null });
  };
  const settled = (value: unknown) =>
    Object.assign(Promise.resolve({ data: value, error: null }), { retry: () => undefined });
  // A read: every filter returns the same builder; awaiting it (or .single()) gives the table's rows.
  const reading = (table: string) => {
    const builder: Record<string, unknown> = {};
    for (const name of ['eq', 'gte', 'order', 'limit', 'abortSignal']) builder[name] = () => builder;
    builder.single = () =>
      Object.assign(settled(fake.tables.get(`${table}:single`) ?? null), { abortSignal: () => undefined });
    builder.then = (resolve: (v: unknown) => unknown) => resolve({ data: fake.tables.get(table) ?? [], error: null });
    builder.retry = () => undefined;
    return builder;
  };
  const from = (table: string) => ({
    select: () => reading(table),
    update: (values: unknown) => {
      fake.update(values);
      return { eq: () => ({ select: () => ({ single: () => settled({ id: 'u1' }) }) }) };
    },
  });
  const rpc = (name: string, args: unknown) => {
    fake.rpc(name, args);
    return settled(null);
  };
  return { supabase: { functions: { invoke }, from, rpc } };
});
vi.mock('@/lib/auth', () => ({
  useAuth: () => ({ organization: { id: '20000000-0000-4000-8000-000000000001' } }),
  usePermissions: () => ({ can: () => true }),
  useOrganizationSettings: () => ({ timeZone: 'Asia/Riyadh' }),
}));
vi.mock('@/lib/query-roots', async (original) => ({
  ...(await original<typeof QueryRoots>()),
  invalidateAfterWrite: () => Promise.resolve(),
}));

const UNIT = {
  id: '50000000-0000-4000-8000-000000000001',
  smart_lock_id: 'TTL-100201',
  lock_mac_address: 'a4:c1:38:2f:10:01',
  lock_gateway_id: 'GW-RUH-01',
  lock_account_username: 'demo-ttlock',
  lock_credentials_configured: true,
  updated_at: '2026-11-01T00:00:00Z',
} as Tables<'units'>;

const PASSCODES = {
  passcodes: [
    {
      id: '11',
      name: 'Guest R-1001',
      code: '482913',
      kind: 'temporary',
      status: 'active',
      starts_at: '2026-12-01T12:00:00.000Z',
      ends_at: '2026-12-03T09:00:00.000Z',
    },
    {
      id: '12',
      name: 'Cleaning crew',
      code: '135790',
      kind: 'permanent',
      status: 'active',
      starts_at: null,
      ends_at: null,
    },
  ],
  page: 1,
  pages: 1,
  total: 2,
};
const record = (id: number, success = true) => ({
  id: String(id),
  at: new Date(Date.UTC(2026, 10, 20, 10, id)).toISOString(),
  method: 'passcode',
  success,
  who: `Guest ${id}`,
});
const RECORDS_1 = { records: [record(1), record(2, false)], page: 1, pages: 2, total: 21 };
const RECORDS_2 = { records: [record(21)], page: 2, pages: 2, total: 21 };

function renderPanel(unit: Tables<'units'> = UNIT) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <UnitLockPanel unit={unit} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await changeLanguage('en');
  fake.answers.clear();
  fake.invoked.length = 0;
  fake.rpc.mockClear();
  fake.update.mockClear();
  fake.tables.clear();
  fake.tables.set('organizations:single', { lock_code_per_stay: true });
  fake.answers.set('GET passcodes', { data: PASSCODES });
  fake.answers.set('GET records?page=1', { data: RECORDS_1 });
  fake.answers.set('GET records?page=2', { data: RECORDS_2 });
});
afterEach(async () => {
  await changeLanguage('en');
});

describe('the Lock tab', () => {
  it('shows the lock, its passcodes with kind and validity, and pages through 7 days of records', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByTestId('lock-id')).toHaveTextContent('TTL-100201');
    const codes = await screen.findByTestId('lock-passcodes');
    expect(within(codes).getByText('482913')).toBeInTheDocument();
    expect(within(codes).getByText('Temporary')).toBeInTheDocument();
    expect(within(codes).getByText('Permanent')).toBeInTheDocument();
    expect(within(codes).getByText('Always')).toBeInTheDocument();
    const records = await screen.findByTestId('lock-records');
    expect(within(records).getByText('Guest 1')).toBeInTheDocument();
    expect(within(records).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Lock activity (last 7 days)')).toBeInTheDocument();
    expect(screen.getByTestId('lock-records-page')).toHaveTextContent('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Guest 21')).toBeInTheDocument();
    expect(screen.getByTestId('lock-records-page')).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('says SPEC §8 "No TTLock ID configured for this unit" and asks nothing of TTLock without a lock id', () => {
    renderPanel({ ...UNIT, smart_lock_id: null, lock_credentials_configured: false });
    expect(screen.getByTestId('lock-not-configured')).toHaveTextContent('No TTLock ID configured for this unit');
    expect(screen.queryByTestId('lock-passcodes')).toBeNull();
    expect(fake.invoked).toEqual([]);
  });

  it('explains a refusal in its own words and any other failure as "Failed to get …"', async () => {
    fake.answers.set('GET passcodes', { refusal: 'lock_integration_missing' });
    fake.answers.set('GET records?page=1', { failure: true });
    renderPanel();
    expect(await screen.findByTestId('lock-passcodes-error')).toHaveTextContent('No lock integration configured');
    expect(await screen.findByTestId('lock-records-error')).toHaveTextContent('Failed to get lock records');
  });

  it('creates a passcode: all fields, 6 digits, then the function; a lock without gateway is explained', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New passcode' }));
    const dialog = await screen.findByTestId('lock-passcode-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create passcode' }));
    expect(within(dialog).getAllByText('Please fill in all fields').length).toBeGreaterThan(0);
    await user.type(within(dialog).getByLabelText('Name'), 'Guest Sara');
    await user.type(within(dialog).getByLabelText('Code (6 digits)'), '12345');
    await user.type(within(dialog).getByLabelText('Starts'), '2026-12-01T15:00');
    await user.type(within(dialog).getByLabelText('Ends'), '2026-12-03T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create passcode' }));
    expect(await within(dialog).findByText('The passcode must be exactly 6 digits.')).toBeInTheDocument();
    expect(fake.invoked.filter((c) => c.method === 'POST')).toEqual([]);
    fake.answers.set('POST passcodes', { refusal: 'lock_no_gateway' });
    await user.type(within(dialog).getByLabelText('Code (6 digits)'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Create passcode' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/no gateway or Wi-Fi/);
    const posted = fake.invoked.find((c) => c.method === 'POST')!;
    expect(posted.body).toMatchObject({ name: 'Guest Sara', code: '123456', kind: 'temporary' });
    expect(Date.parse((posted.body as { ends_at: string }).ends_at)).toBeGreaterThan(
      Date.parse((posted.body as { starts_at: string }).starts_at),
    );
  });

  it('writes the lock account through set_unit_lock_credentials and never shows the secrets', async () => {
    const user = userEvent.setup();
    renderPanel();
    const form = screen.getByTestId('lock-settings-form');
    const password = within(form).getByLabelText('Account password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'new-secret-password');
    await user.click(within(form).getByRole('button', { name: 'Save lock settings' }));
    await waitFor(() => expect(fake.rpc).toHaveBeenCalledTimes(1));
    expect(fake.rpc).toHaveBeenCalledWith('set_unit_lock_credentials', {
      unit_id: UNIT.id,
      account_username: 'demo-ttlock',
      account_password: 'new-secret-password',
      client_id: null,
      client_secret: null,
    });
    expect(fake.update).toHaveBeenCalledWith({
      smart_lock_id: 'TTL-100201',
      lock_mac_address: 'a4:c1:38:2f:10:01',
      lock_gateway_id: 'GW-RUH-01',
    });
    await waitFor(() => expect(password).toHaveValue(''));
  });

  it('tests the connection and says whether codes go through a gateway', async () => {
    const user = userEvent.setup();
    fake.answers.set('POST test', {
      data: { ok: true, lock_id: 'TTL-100201', lock_alias: 'Front door', battery: 87, has_gateway: true, wifi: false },
    });
    renderPanel();
    await user.click(screen.getByTestId('lock-test-connection'));
    const result = await screen.findByTestId('lock-test-result');
    expect(result).toHaveTextContent('Connected to Front door.');
    expect(result).toHaveTextContent('Codes are sent through the gateway.');
  });

  it('shows each stay code with its state, and a failure with its reason and next try', async () => {
    fake.tables.set('booking_lock_codes', [
      {
        id: 'a',
        code: '246810',
        starts_at: '2026-12-01T12:00:00Z',
        ends_at: '2026-12-03T09:00:00Z',
        wanted: 'present',
        state: 'active',
        last_error: null,
        next_attempt_at: '2026-11-20T00:00:00Z',
        booking: { booking_reference: 'NZL-1001' },
      },
      {
        id: 'b',
        code: '135791',
        starts_at: '2026-12-05T12:00:00Z',
        ends_at: '2026-12-07T09:00:00Z',
        wanted: 'present',
        state: 'failed',
        last_error: 'The lock is full (250 codes). Delete old codes first.',
        next_attempt_at: '2026-11-20T00:05:00Z',
        booking: { booking_reference: 'NZL-1002' },
      },
    ]);
    renderPanel();
    const list = await screen.findByTestId('lock-stay-codes');
    expect(within(list).getByText('On the lock')).toBeInTheDocument();
    expect(within(list).getByText(/Failed: The lock is full/)).toBeInTheDocument();
    expect(within(list).getByText('NZL-1002')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('lock-stay-code-setting')).toBeChecked());
  });

  it('sends the door code to the guest unless the organisation turns it off', async () => {
    const user = userEvent.setup();
    fake.tables.set('organizations:single', { lock_code_per_stay: true, door_code_to_guest: true });
    renderPanel();
    const toGuest = await screen.findByRole('checkbox', { name: /Send the door code to the guest/ });
    await waitFor(() => expect(toGuest).toBeChecked());
    expect(screen.getByText(/About 24 hours before check-in, by SMS and e-mail/)).toBeInTheDocument();
    await user.click(toGuest);
    await waitFor(() => expect(fake.update).toHaveBeenCalledWith({ door_code_to_guest: false }));
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    renderPanel();
    expect(await screen.findByText('نشاط القفل (آخر 7 أيام)')).toBeInTheDocument();
    const codes = await screen.findByTestId('lock-passcodes');
    expect(within(codes).getByText('مؤقت')).toBeInTheDocument();
    expect(within(codes).getByText('دائمًا')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الصفحة التالية' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /إرسال رمز الدخول إلى الضيف/ })).toBeInTheDocument();
  });
});
