import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { InvoiceDetail, InvoicePayment } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';

export interface PaymentHistoryProps {
  invoice: InvoiceDetail;
  onDelete?: (payment: InvoicePayment) => void;
}

/** Money received (and given back) on this document, with what remained after each payment. */
export function PaymentHistory({ invoice, onDelete }: PaymentHistoryProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const payments = invoice.payments;
  return (
    <Card data-testid="payment-history">
      <CardHeader>
        <CardTitle>{t('page.payments')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-stone-600">{t('page.paid')}</dt>
          <dd className="text-end tabular-nums" data-testid="invoice-paid">
            {format.money(invoice.paid_amount, invoice.currency)}
          </dd>
          {invoice.refunded_amount > 0 ? (
            <>
              <dt className="text-stone-600">{t('page.refunded')}</dt>
              <dd className="text-end tabular-nums">{format.money(invoice.refunded_amount, invoice.currency)}</dd>
            </>
          ) : null}
          {invoice.credited_amount > 0 ? (
            <>
              <dt className="text-stone-600">{t('page.credited')}</dt>
              <dd className="text-end tabular-nums">{format.money(invoice.credited_amount, invoice.currency)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t('page.balance')}</dt>
          <dd className="text-end font-semibold tabular-nums" data-testid="invoice-balance">
            {format.money(invoice.balance_due, invoice.currency)}
          </dd>
        </dl>
        {payments === null ? <p className="text-sm text-stone-600">{t('page.payments_hidden')}</p> : null}
        {payments?.length === 0 ? <p className="text-sm text-stone-600">{t('page.no_payments')}</p> : null}
        {payments && payments.length > 0 ? (
          <ul className="flex flex-col divide-y divide-stone-100">
            {payments.map((payment) => (
              <li
                key={payment.id}
                className="flex items-start justify-between gap-2 py-2 text-sm"
                data-testid="payment-row"
              >
                <div className="min-w-0">
                  <div className="font-medium">
                    {payment.is_refund ? `${t('page.refund_row')} · ` : ''}
                    {t(`method.${payment.method}`)}
                    {payment.reference_number ? (
                      <span className="text-stone-600" dir="ltr">
                        {' '}
                        · {payment.reference_number}
                      </span>
                    ) : null}
                  </div>
                  <div className="text-xs text-stone-600">
                    {format.dateTime(payment.paid_at)}
                    {payment.received_by_name ? ` · ${t('page.received_by', { name: payment.received_by_name })}` : ''}
                  </div>
                  {payment.remaining_balance !== null && !payment.is_refund ? (
                    <div className="text-xs text-stone-600">
                      {t('page.remaining', { amount: format.money(payment.remaining_balance, invoice.currency) })}
                    </div>
                  ) : null}
                </div>
                <div className="flex items-center gap-1">
                  <span className={`tabular-nums ${payment.is_refund ? 'text-red-700' : ''}`}>
                    {format.money(payment.is_refund ? -payment.amount : payment.amount, invoice.currency)}
                  </span>
                  {onDelete && !payment.is_refund ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => onDelete(payment)}
                      aria-label={t('actions.delete_payment')}
                      data-testid="delete-payment"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
