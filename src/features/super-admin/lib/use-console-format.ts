import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber, isCurrency } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';

/**
 * The reader's language for every number, date and amount of the console. The platform has no
 * organisation of its own: times are shown in Saudi time (the format helpers' default zone).
 */
export function useConsoleFormat() {
  const { i18n } = useTranslation('super-admin');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return {
    language,
    number: (value: number) => formatNumber(value, language),
    date: (value: string) => formatDate(value, language),
    dateTime: (value: string) => formatDateTime(value, language),
    money: (value: number, currency: string) =>
      isCurrency(currency) ? formatMoney(value, currency, language) : `${formatNumber(value, language)} ${currency}`,
    /** The organisation's name in the reader's language when it has one. */
    orgName: (org: { name: string; name_ar: string | null }) => (language === 'ar' && org.name_ar) || org.name,
  };
}
