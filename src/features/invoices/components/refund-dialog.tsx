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
import { Textarea } from '@/components/ui/textarea';
import { halalasToDecimal, parseScaled, toHalalas } from '@/domain/invoice-money';
import { normalizedDecimal, PAYMENT_METHODS, reasonSchema, type PaymentMethod } from '@/domain/invoices';
import { getErrorMessage } from '@/lib/errors';
import { useRefundInvoice } from '../api/refund-invoice';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';

export interface RefundDialogProps {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Money back (at most what was paid and not refunded yet) and its credit note, with a reason. */
export function RefundDialog({ invoice, open, onOpenChange }: RefundDialogProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const refundable = (toHalalas(invoice.paid_amount) ?? 0n) - (toHalalas(invoice.refunded_amount) ?? 0n);
  const [amount, setAmount] = useState(halalasToDecimal(refundable));
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<PaymentMethod>(invoice.payments?.at(-1)?.method ?? 'cash');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; server?: string }>({});
  const refund = useRefundInvoice();
  const money = format.money(Number(halalasToDecimal(refundable)), invoice.currency);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = parseScaled(amount, 2);
    const parsedReason = reasonSchema.safeParse(reason);
    const next = {
      amount:
        value === null || value <= 0n
          ? t('payment.amount_invalid')
          : value > refundable
            ? t('refund.exceeds', { amount: money })
            : undefined,
      reason: parsedReason.success ? undefined : t('form.errors.reason'),
    };
    setErrors(next);
    if (next.amount || next.reason || !parsedReason.success) return;
    try {
      await refund.mutateAsync({
        invoiceId: invoice.id,
        amount: normalizedDecimal(amount, 2),
        reason: parsedReason.data,
        method,
        reference: reference.trim() || null,
      });
      toast.success(t('refund.done'));
      onOpenChange(false);
    } catch (error) {
      setErrors({ server: `${t('errors.refund_failed')}: ${getErrorMessage(error)}` });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} data-testid="refund-dialog">
        <DialogHeader>
          <DialogTitle>{t('refund.title')}</DialogTitle>
          <DialogDescription>{t('refund.description', { amount: money })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label={t('refund.amount')} error={errors.amount}>
            <Input
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              data-testid="refund-amount"
            />
          </Field>
          <Field label={t('refund.method')}>
            <Select value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {t(`method.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('refund.reason')} error={errors.reason} className="sm:col-span-2">
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} data-testid="refund-reason" />
          </Field>
          <Field label={t('refund.reference')} className="sm:col-span-2">
            <Input dir="auto" value={reference} onChange={(event) => setReference(event.target.value)} />
          </Field>
          {errors.server ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
              {errors.server}
            </p>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending} data-testid="refund-submit">
              {t('actions.refund')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
