import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import type { BillingOverview } from '../billing-schema';
import { BillingTab } from './billing-tab';

const PRICES: BillingOverview['prices'] = [
  { plan: 'basic', billing_cycle: 'monthly', total_halalas: 8100, vat_halalas: 1057, net_halalas: 7043 },
  { plan: 'basic', billing_cycle: 'yearly', total_halalas: 89000, vat_halalas: 11609, net_halalas: 77391 },
  { plan: 'advanced', billing_cycle: 'monthly', total_halalas: 11900, vat_halalas: 1552, net_halalas: 10348 },
  { plan: 'advanced', billing_cycle: 'yearly', total_halalas: 130900, vat_halalas: 17074, net_halalas: 113826 },
];

const BASIC: BillingOverview = {
  organization_id: TEST_ORGANIZATION.id,
  plan: 'basic',
  billing_cycle: 'monthly',
  units_used: 1,
  units_limit: 1,
  users_used: 1,
  users_limit: 1,
  can_manage: true,
  prices: PRICES,
  blockers: { basic: [], advanced: [] },
};

const INVOICE = {
  id: 'i1',
  number: 7,
  seller_name: 'Nuzl Platform LLC',
  seller_name_ar: 'شركة منصة نزل',
  seller_vat_number: '311111111111113',
  seller_commercial_registration: '1010101010',
  seller_address: {
    street: 'King Fahd Road',
    building_number: '1234',
    district: 'Al Olaya',
    city: 'Riyadh',
    postal_code: '12345',
  },
  buyer_name: 'Nuzl Demo Stays',
  buyer_vat_number: null,
  plan: 'advanced',
  billing_cycle: 'monthly',
  period_start: '2026-11-26',
  period_end: '2026-12-25',
  net_halalas: 10348,
  vat_halalas: 1552,
  total_halalas: 11900,
  paid_at: '2026-11-26T09:00:00Z',
};

let overview: BillingOverview;
let calls: RestCall[];
let checkoutAnswer: () => Response;
let checkout: Record<string, unknown>;
const CHECKOUT_ID = '7a1f3c2e-0000-4000-8000-000000000001';

beforeEach(() => {
  overview = BASIC;
  checkoutAnswer = () => json(null, 404);
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_billing') return json(overview);
    if (call.path === 'subscription_invoices') return json([INVOICE]);
    if (call.path.endsWith('/functions/v1/billing/checkout')) return checkoutAnswer();
    if (call.path.endsWith(`/functions/v1/billing/checkout/${CHECKOUT_ID}`)) return json(checkout);
    return json(null, 404);
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderTab(path = '/dashboard/settings?tab=billing') {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AuthContextProvider value={fakeAuth(fakeSession())}>
            <BillingTab />
          </AuthContextProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('BillingTab', () => {
  it('shows the plan, usage, VAT-inclusive prices per cycle, Enterprise by contact, and the invoices', async () => {
    const user = renderTab();
    expect(await screen.findByTestId('billing-current-plan')).toHaveTextContent('Basic, billed monthly');
    expect(screen.getByTestId('billing-usage-units')).toHaveTextContent('1 of 1');
    expect(screen.getByText('Prices include 15% VAT.')).toBeInTheDocument();
    const advanced = screen.getByTestId('billing-plan-advanced');
    expect(within(advanced).getByTestId('billing-price-advanced')).toHaveTextContent('SAR 119.00 / month');
    expect(advanced).toHaveTextContent('SAR 103.48 + VAT SAR 15.52');
    await user.click(screen.getByTestId('billing-cycle-yearly'));
    expect(within(advanced).getByTestId('billing-price-advanced')).toHaveTextContent('SAR 1,309.00 / year');
    expect(
      within(screen.getByTestId('billing-plan-enterprise')).getByRole('link', { name: 'Contact us' }),
    ).toHaveAttribute('href', '/#contact');
    const row = await screen.findByTestId('billing-invoice-row');
    expect(row).toHaveTextContent('NZL-SUB-000007');
    await user.click(within(row).getByRole('button', { name: 'View invoice NZL-SUB-000007' }));
    expect(screen.getByTestId('billing-invoice-net')).toHaveTextContent('SAR 103.48');
    expect(screen.getByTestId('billing-invoice-vat')).toHaveTextContent('SAR 15.52');
    expect(screen.getByTestId('billing-invoice-total')).toHaveTextContent('SAR 119.00');
    // The seller as the invoice kept it at issue time: CR and national address too.
    const invoice = screen.getByTestId('billing-invoice');
    expect(invoice).toHaveTextContent('Nuzl Platform LLC');
    expect(invoice).toHaveTextContent('Commercial registration: 1010101010');
    expect(screen.getByTestId('billing-invoice-seller-address')).toHaveTextContent(
      '1234 King Fahd Road, Al Olaya, Riyadh 12345',
    );
  });

  it('before the platform’s billing details are set, says payments are not available yet (en and ar)', async () => {
    checkoutAnswer = () =>
      json(
        { code: 'platform_seller_missing', message: 'Payments are not available yet. Please contact support.' },
        409,
      );
    const user = renderTab();
    await user.click(await screen.findByTestId('billing-change-advanced'));
    const advanced = screen.getByTestId('billing-plan-advanced');
    expect(await within(advanced).findByRole('alert')).toHaveTextContent(
      'Payments are not available yet. Please contact support to change your plan.',
    );
    await changeLanguage('ar');
    expect(await within(advanced).findByRole('alert')).toHaveTextContent(
      'الدفع غير متاح بعد. تواصل مع الدعم لتغيير باقتك.',
    );
  });

  it('without settings.manage the plan is read-only: no change buttons, no invoices', async () => {
    overview = { ...BASIC, can_manage: false };
    renderTab();
    expect(await screen.findByTestId('billing-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-change-advanced')).not.toBeInTheDocument();
    expect(screen.queryByTestId('billing-invoices')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === 'subscription_invoices')).toBe(false);
  });

  it('explains what blocks a downgrade, in English and Arabic, and holds the button back', async () => {
    overview = {
      ...BASIC,
      plan: 'advanced',
      units_used: 3,
      units_limit: 2,
      users_limit: null,
      blockers: { basic: [{ kind: 'units', used: 3, limit: 1, excess: 2 }], advanced: [] },
    };
    renderTab();
    expect(await screen.findByTestId('billing-blockers-basic')).toHaveTextContent('Remove 2 units to move to Basic.');
    expect(screen.getByTestId('billing-change-basic')).toBeDisabled();
    await changeLanguage('ar');
    expect(await screen.findByText('احذف وحدتين للانتقال إلى الباقة الأساسية.')).toBeInTheDocument();
  });

  it('a payment that could not be applied: says it was refunded and why, in English and Arabic', async () => {
    checkout = {
      id: CHECKOUT_ID,
      plan: 'advanced',
      billing_cycle: 'monthly',
      status: 'refunded',
      failure_reason: null,
      refund_reason: 'checkout_stale',
      refunded_halalas: 11900,
      amount_halalas: 11900,
    };
    renderTab(`/dashboard/settings?tab=billing&checkout=${CHECKOUT_ID}`);
    await screen.findByText(/was refunded because/);
    const status = screen.getByTestId('billing-checkout-status');
    expect(status).toHaveTextContent(
      "Your payment of SAR 119.00 was refunded because your organisation's plan changed while you were paying.",
    );
    expect(status).not.toHaveTextContent('Verifying');
    await changeLanguage('ar');
    expect(await screen.findByTestId('billing-checkout-status')).toHaveTextContent('لأن باقة منشأتك تغيّرت أثناء الدفع');
  });

  it('a refund still under way says so (refund pending), and a mismatch gives its own reason', async () => {
    checkout = {
      id: CHECKOUT_ID,
      plan: 'advanced',
      billing_cycle: 'monthly',
      status: 'refund_pending',
      failure_reason: null,
      refund_reason: 'checkout_mismatch',
      refunded_halalas: null,
      amount_halalas: 11900,
    };
    renderTab(`/dashboard/settings?tab=billing&checkout=${CHECKOUT_ID}`);
    await screen.findByText(/We are refunding it/);
    const status = screen.getByTestId('billing-checkout-status');
    expect(status).toHaveTextContent(
      'Your payment could not be applied because it did not match this plan change. We are refunding it in full',
    );
  });
});
