import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import {
  halalasToRiyals,
  subscriptionInvoiceNumber,
  type SellerAddress,
  type SubscriptionInvoice,
} from '../billing-schema';

/** The national address on one line: building street, district, city additional-postal, region. */
function sellerAddressLine(address: SellerAddress, language: string): string {
  const postal = [address.additional_number, address.postal_code].filter(Boolean).join('-');
  return [`${address.building_number} ${address.street}`, address.district, `${address.city} ${postal}`, address.region]
    .filter(Boolean)
    .join(language === 'ar' ? '، ' : ', ');
}

/** A subscription invoice as Nuzl's tax invoice: seller, buyer, period, net, VAT 15% and total; printable. */
export function BillingInvoiceDialog({ invoice, onClose }: { invoice: SubscriptionInvoice; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const money = (halalas: number) => formatMoney(halalasToRiyals(halalas), 'SAR', language);
  const number = subscriptionInvoiceNumber(invoice.number);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('invoices.close')} data-testid="billing-invoice" className="print:shadow-none">
        <DialogHeader>
          <DialogTitle>
            {t('invoices.tax_invoice')} {number}
          </DialogTitle>
        </DialogHeader>
        <div className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <p className="font-medium text-stone-600">{t('invoices.seller')}</p>
            <p>{language === 'ar' ? invoice.seller_name_ar : invoice.seller_name}</p>
            <p>{t('invoices.vat_number', { number: invoice.seller_vat_number })}</p>
            {invoice.seller_commercial_registration ? (
              <p>{t('invoices.commercial_registration', { number: invoice.seller_commercial_registration })}</p>
            ) : null}
            {invoice.seller_address ? (
              <p data-testid="billing-invoice-seller-address">{sellerAddressLine(invoice.seller_address, language)}</p>
            ) : null}
          </div>
          <div>
            <p className="font-medium text-stone-600">{t('invoices.buyer')}</p>
            <p>{invoice.buyer_name}</p>
            {invoice.buyer_vat_number ? <p>{t('invoices.vat_number', { number: invoice.buyer_vat_number })}</p> : null}
          </div>
        </div>
        <p className="mt-3 text-sm">
          {t('invoices.description', {
            plan: t(`plans.${invoice.plan}`),
            cycle: t(`cycles.${invoice.billing_cycle}`),
          })}
        </p>
        <p className="text-sm">
          {t('invoices.period')}:{' '}
          {t('invoices.period_value', {
            from: formatDate(invoice.period_start, language),
            to: formatDate(invoice.period_end, language),
          })}
        </p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt>{t('invoices.net')}</dt>
          <dd className="text-end" data-testid="billing-invoice-net">
            {money(invoice.net_halalas)}
          </dd>
          <dt>{t('invoices.vat')}</dt>
          <dd className="text-end" data-testid="billing-invoice-vat">
            {money(invoice.vat_halalas)}
          </dd>
          <dt className="font-semibold">{t('invoices.grand_total')}</dt>
          <dd className="text-end font-semibold" data-testid="billing-invoice-total">
            {money(invoice.total_halalas)}
          </dd>
        </dl>
        <p className="mt-2 text-xs text-stone-600">
          {t('invoices.paid_at', { date: formatDate(invoice.paid_at, language) })}
        </p>
        <DialogFooter className="print:hidden">
          <Button variant="outline" onClick={onClose}>
            {t('invoices.close')}
          </Button>
          <Button onClick={() => window.print()}>{t('invoices.print')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
