import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { OrganizationHijriSetting, ProfileHijriSetting } from './hijri-dates-setting';

let calls: RestCall[];
const reloadAccount = vi.fn(() => Promise.resolve());

beforeEach(() => {
  reloadAccount.mockClear();
  calls = stubRest((call) => {
    if (call.method === 'PATCH') return json(call.body);
    return json(null, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWith(ui: ReactNode, userChoice: boolean | null, organizationDefault: boolean) {
  const auth = { ...fakeAuth(fakeSession(), { hijri_dates: userChoice }), reloadAccount };
  auth.organization = { ...TEST_ORGANIZATION, hijri_dates: organizationDefault };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient({ environment: 'development', debug: false })}>
        <AuthContextProvider value={auth}>{ui}</AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('Hijri dates settings', () => {
  it('the member chooses show / hide / follow the organisation for their own profile, then the account reloads', async () => {
    const user = renderWith(<ProfileHijriSetting />, null, true);
    const choice = screen.getByLabelText('Hijri dates');
    expect(choice).toHaveValue('follow');
    expect(screen.getByRole('option', { name: 'Follow the organisation (shown)' })).toBeInTheDocument();

    await user.selectOptions(choice, 'hide');
    await screen.findByTestId('hijri-saved');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('profiles');
    expect(patch?.body).toEqual({ hijri_dates: false });
    expect(reloadAccount).toHaveBeenCalled();

    await user.selectOptions(choice, 'follow');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).toEqual({ hijri_dates: null });
  });

  it('the organisation default is a checkbox for settings.manage, disabled read-only', async () => {
    const user = renderWith(<OrganizationHijriSetting readOnly={false} />, null, false);
    const box = screen.getByLabelText('Show Hijri dates beside Gregorian');
    expect(box).not.toBeChecked();
    await user.click(box);
    await screen.findByTestId('hijri-saved');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('organizations');
    expect(patch?.body).toEqual({ hijri_dates: true });
  });

  it('is read-only without settings.manage', () => {
    renderWith(<OrganizationHijriSetting readOnly />, null, true);
    expect(screen.getByLabelText('Show Hijri dates beside Gregorian')).toBeDisabled();
  });
});
