import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import type * as QueryRoots from '@/lib/query-roots';
import { UnitChannelsPanel } from './unit-channels-panel';

// supabase-js as the Channels tab uses it: table reads per table, the connection's update, the
// rotate RPC and the ical function's "Sync now" (a refusal as a FunctionsHttpError with JSON).
interface SyncAnswer {
  data: unknown;
  refusal: string | null;
}
const fake = vi.hoisted(() => {
  const syncAnswer: SyncAnswer = { data: null, refusal: null };
  return { tables: new Map<string, unknown>(), update: vi.fn(), rpc: vi.fn(), invoked: [] as string[], syncAnswer };
});

vi.mock('@/lib/supabase', () => {
  const settled = (value: unknown) =>
    Object.assign(Promise.resolve({ data: value, error: null }), {
      retry: () => undefined,
      abortSignal: () => undefined,
    });
  const reading = (table: string) => {
    const builder: Record<string, unknown> = {};
    for (const name of ['eq', 'is', 'order', 'limit', 'abortSignal']) builder[name] = () => builder;
    builder.then = (resolve: (v: unknown) => unknown) => resolve({ data: fake.tables.get(table) ?? [], error: null });
    builder.retry = () => undefined;
    return builder;
  };
  const from = (table: string) => ({
    select: () => reading(table),
    update: (values: unknown) => {
      fake.update(values);
      return { eq: () => ({ select: () => ({ single: () => settled({ id: 'c1' }) }) }) };
    },
  });
  const rpc = (name: string, args: unknown) => {
    fake.rpc(name, args);
    return settled('b'.repeat(64));
  };
  const invoke = (name: string) => {
    fake.invoked.push(name);
    if (fake.syncAnswer.refusal) {
      const context = new Response(JSON.stringify({ code: fake.syncAnswer.refusal, message: 'x' }), { status: 409 });
      return Promise.resolve({
        data: null,
        error: Object.assign(new Error('refused'), { name: 'FunctionsHttpError', context }),
      });
    }
    return Promise.resolve({ data: fake.syncAnswer.data, error: null });
  };
  return { supabase: { functions: { invoke }, from, rpc } };
});
vi.mock('@/lib/auth', () => ({
  usePermissions: () => ({ can: () => true }),
  useOrganizationSettings: () => ({ timeZone: 'Asia/Riyadh' }),
}));
vi.mock('@/lib/query-roots', async (original) => ({
  ...(await original<typeof QueryRoots>()),
  invalidateAfterWrite: () => Promise.resolve(),
}));

const UNIT_ID = '50000000-0000-4000-8000-000000000001';
const CONNECTION = {
  id: 'c1',
  platform: 'airbnb',
  connection_name: 'Airbnb — Olaya Skyline',
  status: 'connected',
  last_synced_at: '2026-11-26T10:00:00Z',
  last_error: null,
  ical_import_url: 'https://www.airbnb.com/calendar/ical/48213377.ics',
  ical_export_token: 'a'.repeat(64),
};
const RUNS = [
  {
    id: 'r2',
    trigger: 'schedule',
    started_at: '2026-11-26T10:00:00Z',
    finished_at: '2026-11-26T10:00:02Z',
    created_count: 2,
    updated_count: 1,
    cancelled_count: 0,
    conflict_count: 1,
    error: null,
  },
  {
    id: 'r1',
    trigger: 'manual',
    started_at: '2026-11-26T09:00:00Z',
    finished_at: '2026-11-26T09:00:10Z',
    created_count: 0,
    updated_count: 0,
    cancelled_count: 0,
    conflict_count: 0,
    error: 'The feed did not answer within 10 s',
  },
];
const CONFLICTS = [
  {
    uid: 'x@airbnb.com',
    check_in: '2026-12-03',
    check_out: '2026-12-06',
    summary: 'Reserved',
    conflict_reason: 'overlap',
  },
];

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <UnitChannelsPanel unitId={UNIT_ID} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await changeLanguage('en');
  fake.tables.clear();
  fake.tables.set('ota_connections', [CONNECTION]);
  fake.tables.set('ota_sync_runs', RUNS);
  fake.tables.set('ota_imported_events', CONFLICTS);
  fake.update.mockClear();
  fake.rpc.mockClear();
  fake.invoked.length = 0;
  fake.syncAnswer = { data: { outcome: 'ok', created: 3, updated: 1, cancelled: 2, conflicts: 0 }, refusal: null };
});
afterEach(async () => {
  await changeLanguage('en');
});

describe('the Channels tab', () => {
  it('shows the export link to copy, the import address, the sync log with counts and errors, and conflicts', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel();
    const card = await screen.findByTestId('channel-airbnb');
    expect(within(card).getByText('Airbnb — Olaya Skyline')).toBeInTheDocument();
    expect(within(card).getByTestId('channel-export-url')).toHaveTextContent(
      `/functions/v1/ical/${'a'.repeat(64)}.ics`,
    );
    expect(within(card).getByLabelText(/Platform calendar address/)).toHaveValue(CONNECTION.ical_import_url);
    const log = await within(card).findByTestId('channel-sync-log');
    expect(log).toHaveTextContent('2 new · 1 changed · 0 cancelled · 1 conflicts');
    expect(log).toHaveTextContent('The feed did not answer within 10 s');
    expect(log).toHaveTextContent('Scheduled');
    expect(within(card).getByTestId('channel-conflicts')).toHaveTextContent('Reserved');
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`/functions/v1/ical/${'a'.repeat(64)}\\.ics$`)),
    );
    expect(await within(card).findByText('Link copied.')).toBeInTheDocument();
  });

  it('syncs now through the ical function and says what changed, or why it was refused', async () => {
    const user = userEvent.setup();
    renderPanel();
    const card = await screen.findByTestId('channel-airbnb');
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(await within(card).findByText('Synced: 3 new, 1 changed, 2 cancelled, 0 in conflict.')).toBeInTheDocument();
    expect(fake.invoked).toEqual(['ical/connections/c1/sync']);
    fake.syncAnswer = { data: null, refusal: 'sync_in_progress' };
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('A sync of this calendar is already running');
  });

  it('refuses an import address that is not http(s), saves a valid one', async () => {
    const user = userEvent.setup();
    renderPanel();
    const card = await screen.findByTestId('channel-airbnb');
    const input = within(card).getByLabelText(/Platform calendar address/);
    await user.clear(input);
    await user.type(input, 'ftp://example.com/cal.ics');
    await user.click(within(card).getByRole('button', { name: 'Save address' }));
    expect(await within(card).findByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(fake.update).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'https://admin.booking.com/hotel/ical/9921004.ics');
    await user.click(within(card).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(fake.update).toHaveBeenCalledWith({ ical_import_url: 'https://admin.booking.com/hotel/ical/9921004.ics' }),
    );
  });

  it('rotates the export link only after confirming', async () => {
    const user = userEvent.setup();
    renderPanel();
    const card = await screen.findByTestId('channel-airbnb');
    await user.click(within(card).getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The current link stops working at once');
    expect(fake.rpc).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect(fake.rpc).toHaveBeenCalledWith('rotate_ical_export_token', { connection_id: 'c1' }));
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    renderPanel();
    const card = await screen.findByTestId('channel-airbnb');
    expect(within(card).getByRole('button', { name: 'زامن الآن' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'نسخ الرابط' })).toBeInTheDocument();
    expect(await within(card).findByTestId('channel-sync-log')).toHaveTextContent('جديدة');
  });
});
