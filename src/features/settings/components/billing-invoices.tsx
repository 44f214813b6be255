import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSubscriptionInvoices } from '../api/billing-get-invoices';
import { halalasToRiyals, subscriptionInvoiceNumber, type SubscriptionInvoice } from '../billing-schema';
import { BillingInvoiceDialog } from './billing-invoice-dialog';

/** The organisation's subscription invoices (settings.manage), each printable. */
export function BillingInvoices({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const invoices = useSubscriptionInvoices(organizationId, true);
  const [open, setOpen] = useState<SubscriptionInvoice | null>(null);

  return (
    <section aria-labelledby="billing-invoices-title" className="mt-8" data-testid="billing-invoices">
      <h3 id="billing-invoices-title" className="text-base font-semibold text-stone-900">
        {t('invoices.title')}
      </h3>
      {invoices.isPending ? (
        <Spinner label={t('loading')} className="py-4" />
      ) : invoices.isError ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {getErrorMessage(invoices.error)}
        </p>
      ) : invoices.data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t('invoices.empty')}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead className="text-start text-stone-600">
            <tr>
              <th scope="col" className="py-2 text-start font-medium">
                {t('invoices.number')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('invoices.date')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('invoices.plan')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('invoices.total')}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('invoices.print')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.map((invoice) => {
              const number = subscriptionInvoiceNumber(invoice.number);
              return (
                <tr key={invoice.id} className="border-t border-stone-200" data-testid="billing-invoice-row">
                  <td className="py-2 font-mono">{number}</td>
                  <td className="py-2">{formatDate(invoice.paid_at, language)}</td>
                  <td className="py-2">
                    {t(`plans.${invoice.plan}`)} · {t(`cycles.${invoice.billing_cycle}`)}
                  </td>
                  <td className="py-2 text-end">
                    {formatMoney(halalasToRiyals(invoice.total_halalas), 'SAR', language)}
                  </td>
                  <td className="py-2 text-end">
                    <Button variant="link" size="sm" onClick={() => setOpen(invoice)}>
                      {t('invoices.view', { number })}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {open ? <BillingInvoiceDialog invoice={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
