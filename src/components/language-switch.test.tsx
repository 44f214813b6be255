import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
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
