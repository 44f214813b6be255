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
import type { Alert, AlertEvent } from '../lib/alert-schema';
import { AlertsTab } from './alerts-tab';
import { OpenAlertsCard } from './open-alerts-card';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const LICENCE: Alert = {
  id: 'a1',
  name: 'Tourism licence expiring',
  name_ar: 'ترخيص السياحة يقترب من الانتهاء',
  type: 'licence_expiring',
  threshold: 30,
  window_days: null,
  frequency: 'daily',
  severity: 'high',
  is_active: true,
  last_triggered_at: null,
};
const OCCUPANCY: Alert = {
  ...LICENCE,
  id: 'a2',
  name: 'Occupancy below 40 %',
  name_ar: null,
  type: 'low_occupancy',
  threshold: 40,
  window_days: 14,
  frequency: 'weekly',
  severity: 'medium',
};
const FIRED: AlertEvent = {
  id: 'e1',
  alert_id: 'a1',
  severity: 'high',
  subject_type: 'unit',
  subject_id: 'u1',
  subject_label: 'Palm Villa',
  subject_label_ar: 'فيلا النخيل',
  value: 12,
  threshold: 30,
  details: {},
  fired_at: '2026-11-27T06:00:00Z',
  resolved_at: null,
  acknowledged_at: null,
  alert: { name: LICENCE.name, name_ar: LICENCE.name_ar, type: 'licence_expiring' },
};
const LOW: AlertEvent = {
  ...FIRED,
  id: 'e2',
  alert_id: 'a2',
  severity: 'low',
  subject_type: 'organization',
  subject_id: null,
  subject_label: null,
  subject_label_ar: null,
  value: 15,
  threshold: 40,
  alert: { name: OCCUPANCY.name, name_ar: null, type: 'low_occupancy' },
};

let permissions: string[];
let events: AlertEvent[];
let calls: RestCall[];

beforeEach(() => {
  permissions = ['automations.read', 'automations.write'];
  events = [LOW, FIRED];
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'alerts' && call.method === 'GET') return json([LICENCE, OCCUPANCY]);
    if (call.path === 'alerts') return json(null, 201);
    if (call.path === 'alert_events') return json(events);
    if (call.path === 'rpc/evaluate_my_alerts') return json({ evaluated: 2, fired: 1 });
    if (call.path === 'rpc/acknowledge_alert_event') return json({ ...FIRED, acknowledged_at: '2026-11-27T07:00:00Z' });
    return json(null, 404);
  });
  toasts.success.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderIt(ui: React.ReactElement) {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <MemoryRouter>{ui}</MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('AlertsTab', () => {
  it('lists each alert with its threshold in its unit, and the history with value against threshold', async () => {
    renderIt(<AlertsTab />);
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows[0]).toHaveTextContent('A licence expiring within 30 days');
    expect(rows[0]).toHaveTextContent('High');
    expect(rows[1]).toHaveTextContent('Occupancy below 40%');
    expect(rows[1]).toHaveTextContent('next 14 days');
    expect(rows[1]).toHaveTextContent('Weekly');
    const fired = await screen.findAllByTestId('alert-event');
    expect(fired[1]).toHaveTextContent('12 days (threshold 30 days)');
    expect(within(fired[1]!).getByTestId('alert-event-subject')).toHaveAttribute('href', '/dashboard/units?unit=u1');
  });

  it('creates an alert through the form: the threshold is checked for the type, the window only for occupancy', async () => {
    const user = renderIt(<AlertsTab />);
    await user.click(await screen.findByTestId('alert-new'));
    await user.type(screen.getByTestId('alert-name'), 'Occupancy next fortnight');
    await user.selectOptions(screen.getByTestId('alert-type'), 'low_occupancy');
    const threshold = screen.getByTestId('alert-threshold');
    await user.clear(threshold);
    await user.type(threshold, '120');
    await user.click(screen.getByTestId('alert-save'));
    expect(await screen.findByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    await user.clear(threshold);
    await user.type(threshold, '35');
    await user.clear(screen.getByTestId('alert-window'));
    await user.type(screen.getByTestId('alert-window'), '14');
    await user.click(screen.getByTestId('alert-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'alerts' && c.method === 'POST')?.body).toEqual({
        name: 'Occupancy next fortnight',
        name_ar: null,
        type: 'low_occupancy',
        threshold: 35,
        window_days: 14,
        frequency: 'daily',
        severity: 'medium',
        is_active: true,
      }),
    );
  });

  it('Check now tells how many fired; acknowledge calls the RPC', async () => {
    const user = renderIt(<AlertsTab />);
    await user.click(await screen.findByTestId('alerts-check-now'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('One alert fired'));
    const [first] = await screen.findAllByTestId('alert-acknowledge');
    await user.click(first!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'rpc/acknowledge_alert_event')?.body).toEqual({ event_id: 'e2' }),
    );
  });

  it('read-only without automations.write; Arabic names and numbers in Arabic', async () => {
    permissions = ['automations.read'];
    await changeLanguage('ar');
    renderIt(<AlertsTab />);
    expect(await screen.findByTestId('alerts-read-only')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows[0]).toHaveTextContent('ترخيص السياحة يقترب من الانتهاء');
    expect(screen.queryByTestId('alert-new')).toBeNull();
    expect(screen.queryByTestId('alerts-check-now')).toBeNull();
    await screen.findAllByTestId('alert-event');
    expect(screen.queryByTestId('alert-acknowledge')).toBeNull();
    expect(screen.getAllByRole('switch')[0]).toBeDisabled();
  });

  it('without automations.read: permission denied', async () => {
    permissions = [];
    renderIt(<AlertsTab />);
    expect(await screen.findByText('Permission denied. Contact administrator.')).toBeInTheDocument();
  });
});

describe('OpenAlertsCard', () => {
  it('lists the open alerts most severe first', async () => {
    renderIt(<OpenAlertsCard />);
    const card = await screen.findByTestId('open-alerts-card');
    expect(card).toHaveTextContent('2 open alerts');
    const rows = within(card).getAllByTestId('alert-event');
    expect(rows[0]).toHaveTextContent('Tourism licence expiring');
    expect(rows[1]).toHaveTextContent('Occupancy below 40 %');
  });

  it('renders nothing when none is open or without permission', async () => {
    events = [];
    renderIt(<OpenAlertsCard />);
    await waitFor(() => expect(calls.some((c) => c.path === 'alert_events')).toBe(true));
    expect(screen.queryByTestId('open-alerts-card')).toBeNull();
  });
});
