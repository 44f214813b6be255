import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { OtaConnectionsTab } from './ota-connections-tab';

const UNIT_1 = '50000000-0000-4000-8000-000000000001';
const UNIT_2 = '50000000-0000-4000-8000-000000000002';
const UNITS = [
  { id: UNIT_1, name: 'Olaya Skyline Apartment', name_ar: 'شقة العليا سكاي لاين' },
  { id: UNIT_2, name: 'Malqa Family Villa', name_ar: 'فيلا الملقا العائلية' },
];
const MAPPED = {
  id: 'c1',
  platform: 'airbnb',
  connection_name: 'Airbnb — Olaya Skyline',
  unit_id: UNIT_1,
  property_id: 'airbnb-48213377',
  ical_import_url: 'https://www.airbnb.com/calendar/ical/48213377.ics',
  status: 'active',
  credentials_configured: true,
  last_synced_at: '2026-11-26T10:00:00Z',
  last_error: 'The feed did not answer within 10 s',
  unit: UNITS[0],
};
const UNMAPPED = {
  id: 'c2',
  platform: 'booking_com',
  connection_name: 'Booking.com — spare listing',
  unit_id: null,
  property_id: null,
  ical_import_url: null,
  status: 'setup_required',
  credentials_configured: false,
  last_synced_at: null,
  last_error: null,
  unit: null,
};

interface Setup {
  permissions: string[];
  connections?: unknown[];
  /** Answer of the row's insert / update (default: the saved id). */
  write?: (call: RestCall) => Response;
}

function renderTab({ permissions, connections = [MAPPED, UNMAPPED], write }: Setup) {
  const calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'units') return json(UNITS);
    if (call.path === 'ota_connections' && call.method === 'GET') return json(connections);
    if (call.path === 'ota_connections') return write ? write(call) : json({ id: 'c-new', status: 'pending' });
    if (call.path === 'rpc/set_ota_credentials') return new Response(null, { status: 204 });
    return json({ message: 'no stub' }, 404);
  });
  const signedIn = fakeSession();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(signedIn)}>
          <OtaConnectionsTab />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

const WRITER = ['channels.read', 'channels.write'];
const writes = (calls: RestCall[]) => calls.filter((c) => c.method !== 'GET' && c.path !== 'rpc/my_permissions');

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('Settings → OTA connections', () => {
  it('lists every connection of the organisation with its unit, status, credentials, last sync and error', async () => {
    const calls = renderTab({ permissions: WRITER });
    const table = await screen.findByTestId('ota-connections-table');
    const mapped = within(table).getByRole('row', { name: /Airbnb — Olaya Skyline/ });
    expect(mapped).toHaveTextContent('Olaya Skyline Apartment');
    expect(mapped).toHaveTextContent('airbnb-48213377');
    expect(within(mapped).getByTestId('ota-connection-status')).toHaveTextContent('Active');
    expect(mapped).toHaveTextContent('Last sync failed: The feed did not answer within 10 s');
    expect(mapped).toHaveTextContent('Stored');
    expect(mapped).toHaveTextContent(/Nov 26, 2026/);
    const unmapped = within(table).getByRole('row', { name: /spare listing/ });
    expect(unmapped).toHaveTextContent('Not mapped to a unit');
    expect(unmapped).toHaveTextContent('Setup required');
    expect(unmapped).toHaveTextContent('Map it to a unit');
    expect(unmapped).toHaveTextContent('Never synced');
    expect(unmapped).toHaveTextContent('Not set');
    const list = calls.find((c) => c.path === 'ota_connections')!;
    expect(list.url.searchParams.get('organization_id')).toBe(`eq.${TEST_ORGANIZATION.id}`);
    // The credentials themselves are never asked for.
    expect(list.url.searchParams.get('select')).not.toMatch(/api_key|api_secret|secrets/);
  });

  it('adds a connection: per-field messages, then the row and its credentials (after the row)', async () => {
    const user = userEvent.setup();
    const calls = renderTab({ permissions: WRITER, connections: [] });
    const empty = await screen.findByTestId('ota-connections-empty');
    await user.click(within(empty).getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add OTA connection' });
    await user.type(within(dialog).getByLabelText('Platform calendar address (iCal)'), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name for the connection')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'gathern');
    await user.type(within(dialog).getByLabelText('Connection name'), 'Gathern — Malqa');
    await waitFor(() => expect(within(dialog).getByLabelText('Unit')).toBeEnabled());
    await user.selectOptions(within(dialog).getByLabelText('Unit'), UNIT_2);
    await user.type(within(dialog).getByLabelText('Listing / property ID'), 'g-77');
    const ical = within(dialog).getByLabelText('Platform calendar address (iCal)');
    await user.clear(ical);
    await user.type(ical, 'https://gathern.co/ical/77.ics');
    await user.type(within(dialog).getByLabelText('API key'), 'key-1');
    await user.type(within(dialog).getByLabelText('API secret'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [insert, credentials] = writes(calls);
    expect(insert).toMatchObject({ method: 'POST', path: 'ota_connections' });
    expect(insert!.body).toEqual({
      platform: 'gathern',
      connection_name: 'Gathern — Malqa',
      unit_id: UNIT_2,
      property_id: 'g-77',
      ical_import_url: 'https://gathern.co/ical/77.ics',
    });
    expect(credentials).toMatchObject({
      path: 'rpc/set_ota_credentials',
      body: { connection_id: 'c-new', api_key: 'key-1', api_secret: 'secret-1' },
    });
  });

  it('edits with blank secret fields: the stored key is kept (no credentials call)', async () => {
    const user = userEvent.setup();
    const calls = renderTab({ permissions: WRITER });
    const table = await screen.findByTestId('ota-connections-table');
    const row = within(table).getByRole('row', { name: /Airbnb — Olaya Skyline/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Airbnb — Olaya Skyline' });
    expect(within(dialog).getByLabelText('Connection name')).toHaveValue('Airbnb — Olaya Skyline');
    expect(within(dialog).getByLabelText('API key')).toHaveValue('');
    expect(within(dialog).getByLabelText('API key')).toHaveAttribute('type', 'password');
    expect(within(dialog).getAllByText('Leave blank to keep the stored key.')).toHaveLength(2);
    await waitFor(() => expect(within(dialog).getByLabelText('Unit')).toHaveValue(UNIT_1));
    const name = within(dialog).getByLabelText('Connection name');
    await user.clear(name);
    await user.type(name, 'Airbnb — Olaya (main)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = writes(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: 'ota_connections' });
    expect(sent[0]!.url.searchParams.get('id')).toBe('eq.c1');
    expect(sent[0]!.body).toMatchObject({ connection_name: 'Airbnb — Olaya (main)', unit_id: UNIT_1 });
    expect(JSON.stringify(sent[0]!.body)).not.toMatch(/api_/);
  });

  it('explains the database refusing a second connection of the platform for the unit', async () => {
    const user = userEvent.setup();
    renderTab({
      permissions: WRITER,
      write: () =>
        json(
          { code: 'PT409', message: 'This unit already has a connection to this platform', hint: 'ota_platform_taken' },
          409,
        ),
    });
    await user.click(await screen.findByTestId('ota-connection-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add OTA connection' });
    await user.type(within(dialog).getByLabelText('Connection name'), 'Airbnb again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('ota-error')).toHaveTextContent(
      'This unit already has a connection to this platform. Edit that one instead.',
    );
  });

  it('disconnects and deletes after a confirmation that says what stays; reconnects a disconnected one', async () => {
    const user = userEvent.setup();
    const calls = renderTab({ permissions: WRITER, connections: [MAPPED, { ...UNMAPPED, status: 'disconnected' }] });
    const table = await screen.findByTestId('ota-connections-table');
    const mapped = within(table).getByRole('row', { name: /Airbnb — Olaya Skyline/ });
    await user.click(within(mapped).getByRole('button', { name: 'Disconnect' }));
    const confirmDisconnect = await screen.findByRole('alertdialog', { name: 'Disconnect Airbnb — Olaya Skyline?' });
    expect(confirmDisconnect).toHaveTextContent('its export link keeps working');
    await user.click(within(confirmDisconnect).getByTestId('confirm-action'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PATCH', body: { status: 'disconnected' } });
    expect(writes(calls)[0]!.url.searchParams.get('id')).toBe('eq.c1');

    const disconnected = within(table).getByRole('row', { name: /spare listing/ });
    expect(within(disconnected).getByTestId('ota-connection-status')).toHaveTextContent('Disconnected');
    expect(disconnected).toHaveTextContent('not synced until you reconnect it');
    await user.click(within(disconnected).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]!.body).not.toEqual({ status: 'disconnected' });
    expect(writes(calls)[1]!.url.searchParams.get('id')).toBe('eq.c2');

    await user.click(within(mapped).getByRole('button', { name: 'Delete' }));
    const confirmDelete = await screen.findByRole('alertdialog', { name: 'Delete Airbnb — Olaya Skyline?' });
    expect(confirmDelete).toHaveTextContent('Stays already imported from this platform remain as bookings');
    expect(confirmDelete).toHaveTextContent('its export link stops working');
    await user.click(within(confirmDelete).getByTestId('confirm-action'));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({ method: 'DELETE', path: 'ota_connections' });
    expect(writes(calls)[2]!.url.searchParams.get('id')).toBe('eq.c1');
  });

  it('channels.read only: the list without add, edit or delete, and a sentence why', async () => {
    renderTab({ permissions: ['channels.read'] });
    const table = await screen.findByTestId('ota-connections-table');
    expect(screen.getByRole('note')).toHaveTextContent('needs the permission to manage channels');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Add connection|Edit|Delete|Disconnect/ })).not.toBeInTheDocument();
  });

  it('without channels.read: permission denied, nothing read', async () => {
    const calls = renderTab({ permissions: ['units.read'] });
    expect(await screen.findByTestId('permission-denied')).toHaveTextContent(
      'Permission denied. Contact administrator.',
    );
    expect(calls.some((c) => c.path === 'ota_connections')).toBe(false);
  });

  it('in Arabic: the unit in Arabic and the unmapped connection said so', async () => {
    await changeLanguage('ar');
    renderTab({ permissions: WRITER });
    const table = await screen.findByTestId('ota-connections-table');
    expect(table).toHaveTextContent('شقة العليا سكاي لاين');
    expect(table).toHaveTextContent('غير مرتبط بوحدة');
    expect(screen.getAllByRole('button', { name: 'إضافة ربط' }).length).toBeGreaterThan(0);
  });
});
