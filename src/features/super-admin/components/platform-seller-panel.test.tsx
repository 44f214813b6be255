import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { RestCall } from '@/test/fake-rest';
import { renderConsole, stubSupabase } from '../test-support';
import { PlatformSellerPanel } from './platform-seller-panel';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

let calls: RestCall[];
let stored: Record<string, unknown> | null;

beforeEach(() => {
  stored = null;
  calls = stubSupabase({
    platform_seller: (call) => {
      if (call.method === 'GET') return stored ? [stored] : [];
      stored = { ...(call.body as Record<string, unknown>), updated_at: '2026-11-27T10:00:00Z', updated_by: null };
      return stored;
    },
  });
  toasts.success.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('PlatformSellerPanel', { timeout: 20_000 }, () => {
  it('says payments are closed until filled, checks the VAT number, then saves the normalised details', async () => {
    const { user } = renderConsole(<PlatformSellerPanel />);
    expect(await screen.findByTestId('platform-missing')).toHaveTextContent('cannot pay for a plan');
    await user.type(screen.getByTestId('platform-legal_name_en'), 'Nuzl Platform LLC');
    await user.type(screen.getByTestId('platform-legal_name_ar'), 'شركة منصة نزل');
    await user.type(screen.getByTestId('platform-vat_number'), '123456789012345');
    await user.type(screen.getByTestId('platform-commercial_registration'), '1010101010');
    await user.type(screen.getByTestId('platform-address_street'), 'King Fahd Road');
    await user.type(screen.getByTestId('platform-address_building_number'), '1234');
    await user.type(screen.getByTestId('platform-address_district'), 'Al Olaya');
    await user.type(screen.getByTestId('platform-address_city'), 'Riyadh');
    await user.type(screen.getByTestId('platform-address_postal_code'), '12345');
    await user.click(screen.getByTestId('platform-save'));
    expect(await screen.findByText('The VAT number is 15 digits, starting and ending with 3')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(screen.getByTestId('platform-vat_number'));
    // Arabic-Indic digits as typed on an Arabic keyboard are saved as ASCII digits.
    await user.type(screen.getByTestId('platform-vat_number'), '٣١١١١١١١١١١١١١٣');
    await user.click(screen.getByTestId('platform-save'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The billing details are saved.'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      id: true,
      vat_number: '311111111111113',
      address_additional_number: null,
      address_region: null,
      legal_name_ar: 'شركة منصة نزل',
    });
    expect(await screen.findByTestId('platform-updated')).toBeInTheDocument();
  });

  it('reads in Arabic with the stored details filled in', async () => {
    await changeLanguage('ar');
    stored = {
      id: true,
      legal_name_en: 'Nuzl Platform LLC',
      legal_name_ar: 'شركة منصة نزل',
      vat_number: '311111111111113',
      commercial_registration: '1010101010',
      address_street: 'طريق الملك فهد',
      address_building_number: '1234',
      address_additional_number: null,
      address_district: 'العليا',
      address_city: 'الرياض',
      address_region: null,
      address_postal_code: '12345',
      updated_at: '2026-11-27T10:00:00Z',
      updated_by: null,
    };
    renderConsole(<PlatformSellerPanel />);
    await waitFor(() => expect(screen.getByTestId('platform-vat_number')).toHaveValue('311111111111113'));
    expect(screen.getByText('بيانات الفوترة: المنصة بصفتها البائع')).toBeInTheDocument();
    expect(screen.queryByTestId('platform-missing')).toBeNull();
  });
});
