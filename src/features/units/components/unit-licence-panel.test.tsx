import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIn, addDays } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import type { Tables } from '@/types/database';
import { UnitLicencePanel } from './unit-licence-panel';

const calls = vi.hoisted((): { updates: unknown[]; answer: unknown } => ({ updates: [], answer: null }));

vi.mock('@/lib/supabase', () => {
  const single = () => Object.assign(Promise.resolve({ data: calls.answer, error: null }), { retry: () => undefined });
  const from = () => ({
    update: (row: unknown) => {
      calls.updates.push(row);
      return { eq: () => ({ select: () => ({ single }) }) };
    },
  });
  return { supabase: { from, storage: { from: () => ({}) } } };
});

const today = todayIn('Asia/Riyadh');

function unit(overrides: Partial<Tables<'units'>> = {}): Tables<'units'> {
  return {
    id: '50000000-0000-4000-8000-000000000003',
    organization_id: '20000000-0000-4000-8000-000000000001',
    name: 'Diplomatic Quarter Studio',
    tourism_licence_number: 'MT-2026-00003',
    tourism_licence_issued_on: addDays(today, -300),
    tourism_licence_expires_on: addDays(today, 10),
    tourism_licence_document_path: null,
    ...overrides,
  } as Tables<'units'>;
}

function renderPanel(row: Tables<'units'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <UnitLicencePanel unit={row} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  calls.updates = [];
  await changeLanguage('en');
});

describe('UnitLicencePanel', () => {
  it('says how soon the licence expires, in English and Arabic', async () => {
    renderPanel(unit());
    expect(screen.getByTestId('licence-flag')).toHaveTextContent('Expires in 10 days');
    await act(() => changeLanguage('ar'));
    expect(screen.getByTestId('licence-flag')).toHaveTextContent('ينتهي خلال 10 أيام');
  });

  it('flags a missing licence', () => {
    renderPanel(unit({ tourism_licence_number: null, tourism_licence_expires_on: null }));
    expect(screen.getByTestId('licence-flag')).toHaveAttribute('data-status', 'missing');
  });

  it(
    'refuses an expiry before the issue date without sending, then saves the licence',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const row = unit();
      calls.answer = { ...row, tourism_licence_number: 'MT-NEW-1' };
      renderPanel(row);
      const expires = screen.getByTestId('licence-expires-on');
      fireEvent.change(expires, { target: { value: addDays(today, -400) } });
      await user.click(screen.getByTestId('licence-save'));
      expect(await screen.findByText('The expiry date must be after the issue date')).toBeInTheDocument();
      expect(calls.updates).toHaveLength(0);

      fireEvent.change(expires, { target: { value: addDays(today, 365) } });
      const number = screen.getByTestId('licence-number');
      fireEvent.change(number, { target: { value: '  MT-NEW-1 ' } });
      await user.click(screen.getByTestId('licence-save'));
      await waitFor(() => expect(calls.updates).toHaveLength(1));
      expect(calls.updates[0]).toEqual({
        tourism_licence_number: 'MT-NEW-1',
        tourism_licence_issued_on: addDays(today, -300),
        tourism_licence_expires_on: addDays(today, 365),
      });
    },
  );
});
