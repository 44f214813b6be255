import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PAYMENT_METHODS, type PaymentMethod } from '@/domain/invoices';
import { getErrorMessage } from '@/lib/errors';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';

export interface MarkPaidDialogProps {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §4 "mark as paid": one payment of the whole balance, by the chosen method. */
export function MarkPaidDialog({ invoice, open, onOpenChange }: MarkPaidDialogProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const markPaid = useMarkInvoicePaid();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await markPaid.mutateAsync({ invoiceId: invoice.id, method, reference: reference.trim() || null });
      toast.success(t('payment.marked_paid'));
      onOpenChange(false);
    } catch (failure) {
      setError(`${t('errors.payment_failed')}: ${getErrorMessage(failure)}`);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} data-testid="mark-paid-dialog">
        <DialogHeader>
          <DialogTitle>{t('payment.mark_paid_title')}</DialogTitle>
          <DialogDescription>
            {t('payment.mark_paid_description', { balance: format.money(invoice.balance_due, invoice.currency) })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label={t('payment.method')}>
            <Select
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              data-testid="mark-paid-method"
            >
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {t(`method.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('payment.reference')}>
            <Input dir="auto" value={reference} onChange={(event) => setReference(event.target.value)} />
          </Field>
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
              {error}
            </p>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={markPaid.isPending} data-testid="mark-paid-submit">
              {t('actions.mark_paid')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
