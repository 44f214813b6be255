import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession } from '@/test/render';
import type { UnitStatement } from '../api/get-unit-statement';
import { useReportFormat } from '../lib/use-report-format';
import { StatementDocument } from './statement-document';

const statement: UnitStatement = {
  unit: { id: 'u1', name: 'Palm Villa', name_ar: 'فيلا النخيل', city: 'Riyadh', tourism_licence_number: 'TL-123' },
  period: { from: '2026-10-01', to: '2026-10-31' },
  currency: 'SAR',
  organization: { name: 'Nuzl Demo Stays', name_ar: 'نزل للإقامات', vat_number: '310123456700003' },
  stays: [
    {
      booking_id: 'b1',
      booking_reference: 'BK-1',
      guest_name: 'Sara',
      check_in: '2026-10-03',
      check_out: '2026-10-06',
      nights_in_period: 3,
      room_revenue: 1500,
      cleaning_fee: 100,
      status: 'confirmed',
    },
  ],
  invoices: null,
  payments: [],
  totals: {
    room_revenue: 1500,
    cleaning_fees: 100,
    vat: null,
    invoiced_total: null,
    payments: 0,
    refunds: 0,
    net: 1600,
  },
};

function Harness() {
  const format = useReportFormat('SAR');
  return <StatementDocument statement={statement} format={format} />;
}

function renderStatement(hijri: boolean) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContextProvider value={fakeAuth(fakeSession(), { hijri_dates: hijri })}>
          <Harness />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('StatementDocument', () => {
  it('says invoice money is not visible to the role instead of showing 0, and counts net as stated', () => {
    renderStatement(false);
    expect(screen.getByTestId('statement-total-vat')).toHaveTextContent('Not visible to your role');
    expect(screen.getByTestId('statement-total-invoiced_total')).toHaveTextContent('Not visible to your role');
    expect(screen.getByTestId('statement-total-payments')).toHaveTextContent('SAR 0.00');
    expect(screen.getByTestId('statement-total-net')).toHaveTextContent('SAR 1,600.00');
    expect(screen.getByText('No payments in this period.')).toBeInTheDocument();
    expect(screen.queryByTestId('hijri-date')).not.toBeInTheDocument();
    expect(screen.getByTestId('statement-unit')).toHaveTextContent('Palm Villa');
  });

  it('prints the Arabic names and the Hijri dates beside the Gregorian ones when the user shows them', async () => {
    await i18n.changeLanguage('ar');
    renderStatement(true);
    expect(screen.getByTestId('statement-organization')).toHaveTextContent('نزل للإقامات');
    expect(screen.getByTestId('statement-unit')).toHaveTextContent('فيلا النخيل');
    expect(screen.getByTestId('statement-period')).toHaveTextContent('هـ');
    const stays = screen.getByRole('table', { name: 'الإقامات' });
    expect(within(stays).getAllByTestId('hijri-date')).toHaveLength(2);
  });
});
