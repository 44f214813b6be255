import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { LanguageSwitch } from './language-switch';

describe('LanguageSwitch', () => {
  it('switches to Arabic and back at once: html lang/dir, stored choice, its own label', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: 'Switch language to العربية' });
    await userEvent.click(button);
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    const back = await screen.findByRole('button', { name: 'غيّر اللغة إلى English' });
    await userEvent.click(back);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('LanguageSwitch while signed in', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it("also saves the choice as the profile's preferred language, so the next device follows", async () => {
    const calls = stubRest(() => json([{ preferred_language: 'ar' }]));
    const session = fakeSession();
    render(
      <I18nextProvider i18n={i18n}>
        <AuthContextProvider value={fakeAuth(session)}>
          <LanguageSwitch />
        </AuthContextProvider>
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch language to العربية' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: 'profiles', body: { preferred_language: 'ar' } });
    expect(calls[0]!.url.searchParams.get('user_id')).toBe(`eq.${session.user.id}`);

    // Back to English: a stored Spanish (shown as English) is not overwritten.
    await userEvent.click(await screen.findByRole('button', { name: 'غيّر اللغة إلى English' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'PATCH', body: { preferred_language: 'en' } });
    expect(calls[1]!.url.searchParams.get('preferred_language')).toBe('neq.es');
  });

  it('keeps the switch when the profile cannot be saved', async () => {
    stubRest(() => json({ message: 'offline' }, 503));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <LanguageSwitch />
        </AuthContextProvider>
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch language to العربية' }));
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
