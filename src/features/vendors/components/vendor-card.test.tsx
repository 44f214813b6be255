import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { VendorListItem } from '../api/get-vendors';
import { VendorCard } from './vendor-card';

interface RpcResult {
  data: unknown;
  error: unknown;
}
const rpc = vi.hoisted(() => {
  const state: { result: RpcResult; calls: unknown[] } = { result: { data: null, error: null }, calls: [] };
  return state;
});
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));

vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string, args: unknown) => {
      rpc.calls.push([name, args]);
      // A request builder as lib/fetch's run() sends it (retry turned off first).
      return Object.assign(Promise.resolve(rpc.result), { retry: () => undefined });
    },
  },
}));
vi.mock('sonner', () => ({ toast: toasts }));

const VENDOR: VendorListItem = {
  id: '40000000-0000-4000-8000-000000000004',
  name: 'Desert Ride Transport',
  name_ar: 'رحلة الصحراء للنقل',
  categories: ['transportation'],
  services: ['Airport pickup', 'AlUla tours'],
  description: null,
  phone: '+966551234503',
  email: null,
  city: 'AlUla',
  rating: 4.6,
  reviews_count: 57,
  prior_rating_sum: 262.2,
  prior_reviews_count: 57,
  verified: false,
  verified_at: null,
  verification_changed_at: null,
  verification_changed_by: null,
  verification_changed_by_name: null,
  created_by_organization_id: null,
  created_at: '2026-10-01T00:00:00Z',
  updated_at: '2026-10-01T00:00:00Z',
  isMine: true,
};

function renderCard(canVerify = true) {
  // The app's client: a failed mutation toasts through its meta title (lib/query-client.ts).
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <VendorCard
          vendor={VENDOR}
          organizationId="20000000-0000-4000-8000-000000000001"
          canVerify={canVerify}
          canManage
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

beforeEach(() => {
  rpc.calls = [];
  toasts.error.mockClear();
  toasts.success.mockClear();
});
afterEach(() => changeLanguage('en'));

describe('VendorCard verification', () => {
  it('an administrator marks the vendor verified through set_vendor_verification', async () => {
    rpc.result = { data: { ...VENDOR, verified: true }, error: null };
    const user = renderCard();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark verified' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Vendor marked verified'));
    expect(rpc.calls).toEqual([['set_vendor_verification', { vendor_id: VENDOR.id, verified: true }]]);
  });

  it('a refusal says "Failed to update vendor verification" with the reason, in both languages', async () => {
    rpc.result = {
      data: null,
      error: {
        code: '42501',
        message: 'Permission denied. Contact administrator.',
        details: '',
        hint: 'vendor_verification_forbidden',
      },
    };
    let user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Mark verified' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0]![0]).toBe('Failed to update vendor verification');

    await changeLanguage('ar');
    document.body.innerHTML = '';
    user = renderCard();
    await user.click(screen.getByRole('button', { name: 'تعيين كموثّق' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(2));
    expect(toasts.error.mock.calls[1]![0]).toBe('تعذّر تحديث توثيق المورد');
  });

  it('only administrators see the switch', () => {
    renderCard(false);
    expect(screen.queryByRole('button', { name: 'Mark verified' })).not.toBeInTheDocument();
  });
});
