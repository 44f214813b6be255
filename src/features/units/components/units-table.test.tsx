import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { TEST_ORGANIZATION } from '@/test/render';
import type { UnitListItem } from '../api/get-units';
import { UnitsTable } from './units-table';

const unit: UnitListItem = {
  id: 'u1',
  name: 'Marina Loft',
  name_ar: null,
  type: 'apartment',
  price_per_night: 480,
  max_guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  area_sqm: null,
  address_city: 'Dubai',
  address_region: null,
  is_active: true,
  created_at: '2026-11-01T00:00:00Z',
  tourism_licence_number: 'MT-2026-00001',
  tourism_licence_expires_on: '2099-01-01',
  unit_photos: [],
};
const actions = { onEdit: vi.fn(), onCalendar: vi.fn(), onClone: vi.fn(), onToggleActive: vi.fn(), onDelete: vi.fn() };

function renderTable(organization: AuthContextValue['organization']) {
  const auth = { organization } as AuthContextValue;
  render(
    <AuthContextProvider value={auth}>
      <UnitsTable units={[unit]} actions={actions} />
    </AuthContextProvider>,
  );
  return within(screen.getByTestId('units-table'));
}

describe('UnitsTable prices', () => {
  it('shows the organisation’s own currency, not always SAR', () => {
    const table = renderTable({ ...TEST_ORGANIZATION, default_currency: 'AED', default_timezone: 'Asia/Dubai' });
    expect(table.getByText(/AED\s*480\.00/)).toBeInTheDocument();
    expect(table.queryByText(/SAR/)).not.toBeInTheDocument();
  });

  it('falls back to SAR before the organisation is known', () => {
    const table = renderTable(null);
    expect(table.getByText(/SAR\s*480\.00/)).toBeInTheDocument();
  });
});
