import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, isCurrency, LOCALES } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import type { Delta } from './compare';
import type { FigureKind } from './figures';

/**
 * The reports' numbers in the reader's language (Latin digits in Arabic, lib/format), amounts
 * in the report's currency, days through the user's date preference (Hijri beside when on).
 */
export function useReportFormat(currency = 'SAR') {
  const { i18n } = useTranslation('reports');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const dates = useDateFormat();
  const money = (amount: number) => formatMoney(amount, isCurrency(currency) ? currency : 'SAR', language);
  const percent = (ratio: number) =>
    formatNumber(ratio, language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  /** An axis' percent: whole numbers ("50%"). */
  const wholePercent = (ratio: number) => formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: 0 });
  const count = (value: number) => formatNumber(value, language);
  const days = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  return {
    language,
    locale: LOCALES[language],
    money,
    percent,
    wholePercent,
    count,
    days,
    /** A figure by its kind (the caller handles null). */
    figure: (kind: FigureKind, value: number) =>
      kind === 'percent'
        ? percent(value)
        : kind === 'money'
          ? money(value)
          : kind === 'days'
            ? days(value)
            : count(value),
    /** "+12.5%" / "−3.0%" / "0%": always signed, so the text says the direction without colour. */
    delta: (delta: Delta) =>
      formatNumber(delta.ratio, language, {
        style: 'percent',
        signDisplay: 'exceptZero',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
    day: (day: string, style: 'medium' | 'long' = 'medium') => dates.formatDay(day, style),
    /** Two days as "from – to" (long), and the Hijri days in brackets when the user shows them. */
    range: (from: string, to: string, join: (from: string, to: string) => string) => {
      const gregorian = join(dates.formatDay(from, 'long'), dates.formatDay(to, 'long'));
      const hijriFrom = dates.hijriOf(from, 'long');
      const hijriTo = dates.hijriOf(to, 'long');
      return hijriFrom && hijriTo ? `${gregorian} (${join(hijriFrom, hijriTo)})` : gregorian;
    },
    hijri: (day: string) => dates.hijriOf(day),
  };
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
