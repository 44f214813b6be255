import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { OrganizationTab } from './organization-tab';

const ROW = {
  id: TEST_ORGANIZATION.id,
  name: 'Nuzl Demo Stays',
  name_ar: 'نزل للإقامات',
  slug: 'demo',
  default_timezone: 'Asia/Riyadh',
  default_currency: 'SAR',
  country: 'SA',
  vat_number: null,
  commercial_registration: '1010123456',
  address_street: null,
  address_building_number: null,
  address_additional_number: null,
  address_district: null,
  address_city: 'Riyadh',
  address_region: null,
  address_postal_code: null,
  logo_url: null,
  updated_at: '2026-11-26T09:00:00Z',
};

let permissions: string[];
let patch: (call: RestCall) => Response;
let calls: RestCall[];
const reloadAccount = vi.fn(() => Promise.resolve());

beforeEach(() => {
  permissions = ['settings.manage'];
  patch = () => json({ id: ROW.id });
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'organizations' && call.method === 'GET') return json(ROW);
    if (call.path === 'organizations' && call.method === 'PATCH') return patch(call);
    return json(null, 404);
  });
  reloadAccount.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderTab() {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={{ ...fakeAuth(fakeSession()), reloadAccount }}>
          <OrganizationTab />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('OrganizationTab', () => {
  it('shows the organisation, its slug and the public-site note', async () => {
    renderTab();
    expect(await screen.findByLabelText('Organization name')).toHaveValue('Nuzl Demo Stays');
    expect(screen.getByLabelText('Name in Arabic')).toHaveValue('نزل للإقامات');
    expect(screen.getByTestId('organization-slug')).toHaveTextContent('demo');
    expect(screen.getByText(/Settings → Public site/)).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Riyadh');
    expect(screen.getByRole('option', { name: 'New York (GMT-5)' })).toBeInTheDocument();
  });

  it('refuses a wrong VAT number before sending, then saves a right one and reloads the account', async () => {
    const user = renderTab();
    const vat = await screen.findByLabelText('VAT number');
    await user.type(vat, '123456789012345');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save organization' }));
    expect(await screen.findByText('The VAT number has 15 digits and starts and ends with 3.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(vat);
    await user.type(vat, '310122393500003');
    await user.click(screen.getByRole('button', { name: 'Save organization' }));
    expect(await screen.findByText(/The organization is saved/)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PATCH');
    expect(sent?.body).toMatchObject({
      name: 'Nuzl Demo Stays',
      default_timezone: 'Europe/London',
      vat_number: '310122393500003',
      address_city: 'Riyadh',
      address_street: null,
    });
    expect(sent?.body).not.toHaveProperty('logo_url');
    expect(reloadAccount).toHaveBeenCalled();
  });

  it("shows the database's refusal under its field", async () => {
    patch = () =>
      json(
        {
          code: '22023',
          message: 'The VAT number has 15 digits and starts and ends with 3',
          hint: 'vat_number_invalid',
        },
        400,
      );
    const user = renderTab();
    await user.type(await screen.findByLabelText('VAT number'), '310122393500003');
    await user.click(screen.getByRole('button', { name: 'Save organization' }));
    expect(await screen.findByText('The VAT number has 15 digits and starts and ends with 3.')).toBeInTheDocument();
    expect(screen.getByLabelText('VAT number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only with the reason without settings.manage, in Arabic too', async () => {
    permissions = ['units.read'];
    await changeLanguage('ar');
    renderTab();
    expect(await screen.findByTestId('organization-read-only')).toHaveTextContent('صلاحية «إدارة الإعدادات»');
    expect(screen.getByLabelText('اسم المنشأة')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'حفظ بيانات المنشأة' })).not.toBeInTheDocument();
  });
});
