import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { thresholdKind, type AlertType } from './alert-schema';

/**
 * The alerts' numbers in the reader's language: a threshold or measured value as SAR, a
 * percentage or days by the alert's type; dates in the organisation's time zone; names in the
 * reader's language when the alert has both.
 */
export function useAlertFormat() {
  const { t, i18n } = useTranslation('alerts');
  const { timeZone } = useOrganizationSettings();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  const measure = useCallback(
    (type: AlertType, value: number | null): string => {
      if (value === null) return '—';
      switch (thresholdKind(type)) {
        case 'amount':
          return formatMoney(value, 'SAR', language);
        case 'percent':
          return formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 2 });
        case 'days':
          return t('days', { count: value, formatted: formatNumber(value, language) });
      }
    },
    [language, t],
  );

  return useMemo(
    () => ({
      language,
      timeZone,
      measure,
      number: (value: number) => formatNumber(value, language),
      when: (value: string) => formatDateTime(value, language, timeZone),
      name: (alert: { name: string; name_ar: string | null }) => localized(language, alert.name, alert.name_ar),
    }),
    [language, timeZone, measure],
  );
}
