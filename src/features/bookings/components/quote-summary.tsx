import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { BookingQuote } from '../api/get-booking-quote';

export interface QuoteSummaryProps {
  quote: BookingQuote | undefined;
  checking: boolean;
  failed: boolean;
}

/** The live availability answer and the database's own total for the chosen stay. */
export function QuoteSummary({ quote, checking, failed }: QuoteSummaryProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { currency } = useOrganizationSettings();
  if (checking) return <Spinner label={t('form.checking_availability')} />;
  if (failed) {
    return (
      <p
        role="alert"
        className="flex items-center gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800"
        data-testid="availability"
      >
        <CircleAlert aria-hidden="true" className="size-4" />
        {t('common:errors.db.availability_check_failed')}
      </p>
    );
  }
  if (!quote) return null;
  if (!quote.available) {
    return (
      <p
        role="alert"
        className="flex items-center gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800"
        data-testid="availability"
      >
        <CircleAlert aria-hidden="true" className="size-4" />
        {t('common:errors.db.booking_overlap')}
      </p>
    );
  }
  return (
    <div
      className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-950"
      data-testid="availability"
      aria-live="polite"
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t('form.available')}
      </p>
      <p className="mt-1">
        {t('form.price_breakdown', {
          nights: t('form.nights', { count: quote.nights, formatted: formatNumber(quote.nights, language) }),
          price: formatMoney(quote.price_per_night, currency, language),
          fee: formatMoney(quote.cleaning_fee, currency, language),
        })}
      </p>
      <p className="mt-1 font-semibold" data-testid="quote-total">
        {t('form.total', { amount: formatMoney(quote.total_amount, currency, language) })}
      </p>
    </div>
  );
}
