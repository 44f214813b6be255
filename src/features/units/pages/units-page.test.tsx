import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { UnitsPage } from './units-page';

const UNIT = {
  id: 'u1',
  organization_id: '20000000-0000-4000-8000-000000000001',
  name: 'Marina Loft',
  name_ar: null,
  type: 'apartment',
  price_per_night: 480,
  max_guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  area_sqm: null,
  address_city: 'Riyadh',
  address_region: null,
  is_active: true,
  created_at: '2026-11-01T00:00:00Z',
  unit_photos: [],
};

/** The whole row the editor reads. */
const UNIT_ROW = {
  ...UNIT,
  unit_photos: undefined,
  address_country: 'SA',
  address_postal_code: null,
  address_street: null,
  amenities: ['wifi'],
  check_in_time: '15:00',
  check_out_time: '11:00',
  cleaning_fee: 0,
  description: null,
  description_ar: null,
  latitude: null,
  longitude: null,
  lock_account_username: null,
  lock_credentials_configured: false,
  lock_gateway_id: null,
  lock_mac_address: null,
  security_deposit: 0,
  smart_lock_id: null,
  updated_at: '2026-11-01T00:00:00Z',
};

const PHOTO = {
  id: 'p1',
  storage_path: 'org/u1/p1.jpg',
  small_path: null,
  caption: null,
  is_main: false,
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
};

/** The units screen under a role with `permissions` (already loaded); the list holds one unit. */
function renderPage(permissions: string[]) {
  stubRest((call) => {
    if (call.path === 'unit_photos') return json([PHOTO]);
    if (call.path === 'units' && call.url.searchParams.get('id') === `eq.${UNIT.id}`) return json(UNIT_ROW);
    return json([UNIT], 200, { 'content-range': '0-0/1' });
  });
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  const router = createMemoryRouter([{ path: '/dashboard/units', element: <UnitsPage /> }], {
    initialEntries: ['/dashboard/units?view=table'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session)}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

afterEach(() => vi.unstubAllGlobals());

const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('UnitsPage follows the role', () => {
  it('offers adding, editing, cloning, (de)activating and deleting with units.write', async () => {
    const user = renderPage(['units.read', 'units.write']);
    expect(await screen.findByRole('button', { name: 'Add unit' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for Marina Loft' }));
    expect(menuItems()).toEqual(['Edit', 'Calendar', 'Clone', 'Deactivate', 'Delete']);
  });

  it(
    'a read-only role (the Team Member) only views: no add, a menu of View and Calendar, a form without Save',
    { timeout: 20_000 },
    async () => {
      const user = renderPage(['units.read']);
      await user.click(await screen.findByRole('button', { name: 'Actions for Marina Loft' }));
      expect(screen.queryByRole('button', { name: 'Add unit' })).not.toBeInTheDocument();
      expect(menuItems()).toEqual(['View', 'Calendar']);

      await user.click(screen.getByRole('menuitem', { name: 'View' }));
      const dialog = await screen.findByRole('dialog');
      expect(
        await within(dialog).findByText(
          'Your role can view units but not change them. Ask an administrator if you need to.',
        ),
      ).toBeInTheDocument();
      await vi.waitFor(() => expect(dialog.querySelector('fieldset')).toBeDisabled());
      const buttons = [...dialog.querySelectorAll('form button')].map((button) => button.textContent);
      expect(buttons).toContain('Close');
      expect(buttons).not.toContain('Save');
    },
  );
});
