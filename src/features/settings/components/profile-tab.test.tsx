import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, currentLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { supabase } from '@/lib/supabase';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { ProfileTab } from './profile-tab';

let calls: RestCall[];
let profile: { full_name: string; phone: string; email: string | null; preferred_language: string };

beforeEach(() => {
  profile = { full_name: 'Test Owner', phone: '+966500000001', email: null, preferred_language: 'en' };
  calls = stubRest((call) => {
    if (call.path === 'profiles' && call.method === 'GET') return json(profile);
    if (call.path === 'profiles' && call.method === 'PATCH') {
      profile = { ...profile, ...(call.body as object) };
      return json(profile);
    }
    return json(null, 404);
  });
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
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <ProfileTab />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('ProfileTab', () => {
  it('shows the name, the language, the phone and the password change', async () => {
    renderTab();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Test Owner');
    expect(screen.getByLabelText('Preferred language')).toHaveValue('en');
    expect(screen.getByTestId('contact-phone-current')).toHaveTextContent('+966 50 000 0001');
    expect(screen.getByTestId('contact-email-current')).toHaveTextContent('Not set');
    expect(screen.getByTestId('password-change')).toBeInTheDocument();
  });

  it('says in both languages that Spanish shows English for now, and keeps English on screen', async () => {
    const user = renderTab();
    await user.selectOptions(await screen.findByLabelText('Preferred language'), 'es');
    const note = screen.getByTestId('profile-spanish-note');
    expect(note).toHaveTextContent('you will see English until they are');
    expect(note).toHaveTextContent('فستظهر لك بالإنجليزية');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      full_name: 'Test Owner',
      preferred_language: 'es',
    });
    expect(currentLanguage()).toBe('en');
  });

  it('switches the screens to Arabic as soon as Arabic is saved', async () => {
    const user = renderTab();
    await user.selectOptions(await screen.findByLabelText('Preferred language'), 'ar');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(currentLanguage()).toBe('ar'));
    expect(await screen.findByRole('button', { name: 'حفظ الملف الشخصي' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('refuses an empty name', async () => {
    const user = renderTab();
    await user.clear(await screen.findByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('changes the phone only with the code sent to the new number', async () => {
    const user0 = fakeSession({ phone: '966551234567' }).user;
    const updateUser = vi.spyOn(supabase.auth, 'updateUser').mockResolvedValue({ data: { user: user0 }, error: null });
    const verifyOtp = vi
      .spyOn(supabase.auth, 'verifyOtp')
      .mockResolvedValue({ data: { user: user0, session: null }, error: null });
    vi.spyOn(supabase.auth, 'getUser').mockResolvedValue({ data: { user: user0 }, error: null });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Change phone' }));
    await user.type(screen.getByLabelText('New mobile number'), '0551234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to \+966551234567/)).toBeInTheDocument();
    expect(updateUser).toHaveBeenCalledWith({ phone: '+966551234567' });
    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Your mobile number is changed/)).toBeInTheDocument();
    expect(verifyOtp).toHaveBeenCalledWith({ phone: '+966551234567', token: '123456', type: 'phone_change' });
    expect(calls.find((call) => call.path === 'profiles' && call.method === 'PATCH')?.body).toEqual({
      phone: '+966551234567',
    });
  });
});
