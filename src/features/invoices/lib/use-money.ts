import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate, formatDateTime, formatMoney, isCurrency } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';

/** Amounts and dates of the invoices screens in the reader's language and the organisation's zone. */
export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  return {
    language,
    timeZone,
    money: (amount: number, currency: string = 'SAR') =>
      formatMoney(amount, isCurrency(currency) ? currency : 'SAR', language),
    date: (day: string) => formatDate(day, language, 'medium', timeZone),
    dateTime: (instant: string) => formatDateTime(instant, language, timeZone),
  };
}
