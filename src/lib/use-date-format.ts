import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { useOptionalAuth } from '@/lib/auth/auth-provider';
import { formatDate, type DateStyle } from './format';
import { formatHijri, type HijriStyle } from './hijri';
import type { Language } from './i18n';

/**
 * Whether Hijri dates are shown beside Gregorian ones: the user's own choice (profiles.hijri_dates)
 * when they made one, else the organisation's default (organizations.hijri_dates); off without an
 * account (public pages decide for themselves).
 */
export function hijriDatesShown(
  userChoice: boolean | null | undefined,
  organizationDefault: boolean | null | undefined,
): boolean {
  return userChoice ?? organizationDefault ?? false;
}

export interface DateFormat {
  /** Show the Hijri date beside every Gregorian one. */
  showHijri: boolean;
  /** The Gregorian day in the interface language, read in the organisation's time zone. */
  formatDay: (value: string | Date, style?: DateStyle) => string;
  /** The Hijri (Umm al-Qura) date when showHijri, else null. */
  hijriOf: (value: string | Date, style?: HijriStyle) => string | null;
}

/**
 * Dates as the signed-in user wants them (issue 17): every date on screen goes through this hook or
 * through <DualDate> (components/dual-date.tsx), so a preference changed in Settings reaches all
 * of them after the account reloads.
 */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const { timeZone } = useOrganizationSettings();
  const auth = useOptionalAuth();
  const showHijri = hijriDatesShown(auth?.profile?.hijri_dates, auth?.organization?.hijri_dates);
  const formatDay = useCallback(
    (value: string | Date, style: DateStyle = 'medium') => formatDate(value, language, style, timeZone),
    [language, timeZone],
  );
  const hijriOf = useCallback(
    (value: string | Date, style: HijriStyle = 'medium') =>
      showHijri ? formatHijri(value, language, style, timeZone) || null : null,
    [showHijri, language, timeZone],
  );
  return useMemo(() => ({ showHijri, formatDay, hijriOf }), [showHijri, formatDay, hijriOf]);
}
