import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderConsole, stubSupabase } from '../test-support';
import { PendingRefundsCard } from './pending-refunds-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const OWED = {
  id: 'c1',
  amount_halalas: 11900,
  refund_reason: 'checkout_stale',
  refund_error: 'api_error: Service Unavailable',
  refund_attempts: 2,
  provider_payment_id: 'pay_123',
  created_at: '2026-11-27T10:00:00Z',
  organizations: { name: 'Second Homes', name_ar: 'البيوت الثانية' },
};

describe('PendingRefundsCard', () => {
  it('lists the refunds still owed with organisation, amount, reason, attempts and the gateway’s error', async () => {
    const calls = stubSupabase({ subscription_checkouts: () => [OWED] });
    renderConsole(<PendingRefundsCard />);
    const row = await screen.findByTestId('pending-refund');
    expect(row).toHaveTextContent('Second Homes: SAR 119.00');
    expect(row).toHaveTextContent('The plan changed while paying · 2 attempts · pay_123');
    expect(row).toHaveTextContent('api_error: Service Unavailable');
    expect(calls[0]?.url.searchParams.get('status')).toBe('eq.refund_pending');
    await changeLanguage('ar');
    expect(await screen.findByText(/البيوت الثانية/)).toBeInTheDocument();
    expect(row).toHaveTextContent('محاولتان');
  });

  it('says when none is owed', async () => {
    stubSupabase({ subscription_checkouts: () => [] });
    renderConsole(<PendingRefundsCard />);
    expect(await screen.findByText('No refund is owed.')).toBeInTheDocument();
  });
});
