import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { usePendingRefunds } from '../api/get-pending-refunds';
import { useConsoleFormat } from '../lib/use-console-format';

/** Subscription payments owed back to their payers because the refund call failed (refund_pending). */
export function PendingRefundsCard() {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const refunds = usePendingRefunds();
  const language = currentLanguage();
  return (
    <Card data-testid="pending-refunds">
      <CardHeader>
        <CardTitle level={3}>{t('health.refunds_title')}</CardTitle>
        <CardDescription>{t('health.refunds_description')}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {refunds.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : refunds.isError ? (
          <p className="text-red-800">{getErrorMessage(refunds.error)}</p>
        ) : refunds.data.length === 0 ? (
          <p className="text-stone-600">{t('health.refunds_none')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {refunds.data.map((refund) => (
              <li key={refund.id} className="flex flex-col gap-1 py-2" data-testid="pending-refund">
                <span className="font-medium">
                  {t('health.refund_line', {
                    organization:
                      (language === 'ar' ? refund.organizations?.name_ar : null) ?? refund.organizations?.name ?? '—',
                    amount: formatMoney(refund.amount_halalas / 100, 'SAR', language),
                    date: format.dateTime(refund.created_at),
                  })}
                </span>
                <span className="text-xs text-stone-600">
                  {t(`health.refund_reasons.${refund.refund_reason ?? 'checkout_mismatch'}`)} ·{' '}
                  {t('health.refund_attempts', { count: refund.refund_attempts })}
                  {refund.provider_payment_id ? (
                    <>
                      {' · '}
                      <span dir="ltr">{refund.provider_payment_id}</span>
                    </>
                  ) : null}
                </span>
                {refund.refund_error ? (
                  <span className="text-xs text-red-800" dir="ltr">
                    {refund.refund_error}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
