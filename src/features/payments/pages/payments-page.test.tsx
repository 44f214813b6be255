import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ALL_PERMISSIONS, currentSearch, renderWithApp, stubSupabase } from '../test-support';
import { PaymentsPage } from './payments-page';

const emptyPayments = { total: 0, totals: { amount: 0, payments: 0, refunds: 0 }, rows: [] };

function renderPage(permissions: string[], path = '/dashboard/payments') {
  const calls = stubSupabase({
    'rpc/my_permissions': () => permissions,
    'rpc/list_payments': () => emptyPayments,
  });
  const view = renderWithApp(<PaymentsPage invoicesSection={<p data-testid="invoices-stub">invoices</p>} />, path);
  return { ...view, calls };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PaymentsPage: the sections shell', { timeout: 20_000 }, () => {
  it('shows the invoices section by default, from the invoices feature', async () => {
    renderPage(ALL_PERMISSIONS);
    expect(await screen.findByTestId('invoices-stub')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Invoices',
      'Payments',
      'Financial reports',
      'VAT report',
      'Tax compliance',
    ]);
  });

  it('keeps the section in the URL and starts each section from a clean URL', async () => {
    const { router } = renderPage(ALL_PERMISSIONS, '/dashboard/payments?q=INV-1&status=paid');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    await waitFor(() => expect(currentSearch(router).toString()).toBe('section=payments'));
    expect(await screen.findByTestId('payments-section')).toBeInTheDocument();
    // Back returns to the invoices with their filters.
    await router.navigate(-1);
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('INV-1'));
    expect(await screen.findByTestId('invoices-stub')).toBeInTheDocument();
  });

  it('opens the section a link names', async () => {
    renderPage(ALL_PERMISSIONS, '/dashboard/payments?section=payments&method=cash');
    expect(await screen.findByTestId('payments-section')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys and opens one with Enter', async () => {
    const { router } = renderPage(ALL_PERMISSIONS);
    const user = userEvent.setup();
    const invoicesTab = await screen.findByRole('tab', { name: 'Invoices' });
    invoicesTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveFocus();
    // Manual activation: moving the focus does not load a section.
    expect(currentSearch(router).get('section')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentSearch(router).get('section')).toBe('payments'));
  });

  it('a member without money permissions sees a plain "no access" state, not empty figures', async () => {
    const { calls } = renderPage(['bookings.read', 'clients.read']);
    const state = await screen.findByTestId('payments-no-access');
    expect(state).toHaveTextContent('Your role cannot see this section');
    expect(state).toHaveTextContent('permission to view invoices, payments or tax settings');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['rpc/my_permissions']);
  });

  it('a section the role cannot read says so; the others still work', async () => {
    const { calls } = renderPage(['payments.read'], '/dashboard/payments?section=vat');
    expect(await screen.findByTestId('payments-no-access')).toHaveTextContent(
      'does not include permission to view invoices, which the VAT report is made of',
    );
    expect(calls.some((call) => call.path === 'rpc/vat_report')).toBe(false);
  });

  it('without ?section=, a payments-only role lands on the payments history', async () => {
    renderPage(['payments.read']);
    expect(await screen.findByTestId('payments-section')).toBeInTheDocument();
    expect(screen.queryByTestId('invoices-stub')).not.toBeInTheDocument();
  });

  it('reads in Arabic, with the tabs named in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderPage(ALL_PERMISSIONS);
    const tabs = await screen.findByRole('tablist', { name: 'أقسام المدفوعات والفواتير' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['الفواتير', 'المدفوعات', 'التقارير المالية', 'تقرير الضريبة', 'الامتثال الضريبي']);
  });
});
