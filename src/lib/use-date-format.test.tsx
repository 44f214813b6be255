import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { DualDate } from '@/components/dual-date';
import { DateInput } from '@/components/ui/date-input';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { hijriDatesShown, useDateFormat } from './use-date-format';

function withAccount(userChoice: boolean | null, organizationDefault: boolean) {
  const auth = fakeAuth(fakeSession(), { hijri_dates: userChoice });
  auth.organization = { ...TEST_ORGANIZATION, hijri_dates: organizationDefault };
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <AuthContextProvider value={auth}>{children}</AuthContextProvider>
      </I18nextProvider>
    );
  };
}

describe('hijriDatesShown', () => {
  it('follows the user’s choice when they made one, else the organisation, else off', () => {
    expect(hijriDatesShown(true, false)).toBe(true);
    expect(hijriDatesShown(false, true)).toBe(false);
    expect(hijriDatesShown(null, true)).toBe(true);
    expect(hijriDatesShown(undefined, undefined)).toBe(false);
  });
});

describe('useDateFormat', () => {
  it('gives the Hijri date only when shown', async () => {
    await changeLanguage('en');
    const on = renderHook(() => useDateFormat(), { wrapper: withAccount(null, true) }).result.current;
    expect(on.showHijri).toBe(true);
    expect(on.formatDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(on.hijriOf('2026-11-27', 'long')).toBe('Jumada II 17, 1448 AH');
    const off = renderHook(() => useDateFormat(), { wrapper: withAccount(false, true) }).result.current;
    expect(off.showHijri).toBe(false);
    expect(off.hijriOf('2026-11-27')).toBeNull();
  });
});

describe('DualDate', () => {
  it('shows the Hijri date beside the Gregorian one in Arabic, with Latin digits', async () => {
    await changeLanguage('ar');
    render(<DualDate value="2026-11-27" style="long" />, { wrapper: withAccount(true, false) });
    expect(screen.getByText('27 نوفمبر 2026')).toBeInTheDocument();
    expect(screen.getByTestId('hijri-date')).toHaveTextContent('17 جمادى الآخرة 1448 هـ');
    await changeLanguage('en');
  });

  it('shows only the Gregorian date when Hijri dates are off', () => {
    render(<DualDate value="2026-11-27" />, { wrapper: withAccount(null, false) });
    expect(screen.getByText('Nov 27, 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('hijri-date')).toBeNull();
  });
});

describe('DateInput', () => {
  it('says under the picker which Hijri day the chosen day is, and describes the field with it', () => {
    render(<DateInput aria-label="Check-in" defaultValue="2026-11-27" />, { wrapper: withAccount(true, false) });
    const hint = screen.getByTestId('hijri-hint');
    expect(hint).toHaveTextContent('Jumada II 17, 1448 AH');
    expect(screen.getByLabelText('Check-in')).toHaveAttribute('aria-describedby', hint.id);
  });

  it('has no hint when Hijri dates are off', () => {
    render(<DateInput aria-label="Check-in" defaultValue="2026-11-27" />, { wrapper: withAccount(false, true) });
    expect(screen.queryByTestId('hijri-hint')).toBeNull();
  });
});
