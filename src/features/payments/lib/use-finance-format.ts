import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate, formatDateTime, formatMoney, formatNumber, isCurrency } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';

/**
 * Amounts, counts and dates of the finance screens in the reader's language and the
 * organisation's time zone. Reports are in SAR (the database converts foreign-currency
 * documents with their stored exchange rate); a payment shows in its own currency.
 */
export function useFinanceFormat() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  return {
    language,
    timeZone,
    sar: (amount: number) => formatMoney(amount, 'SAR', language),
    /** An amount with two decimals and no currency, for columns whose header names it ("VAT (SAR)"). */
    amount: (amount: number) => formatNumber(amount, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    money: (amount: number, currency: string) => formatMoney(amount, isCurrency(currency) ? currency : 'SAR', language),
    count: (value: number) => formatNumber(value, language),
    day: (day: string, style: 'medium' | 'long' = 'medium') => formatDate(day, language, style, timeZone),
    instant: (instant: string) => formatDateTime(instant, language, timeZone),
  };
}

export type FinanceFormat = ReturnType<typeof useFinanceFormat>;
