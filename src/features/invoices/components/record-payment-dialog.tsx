import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { halalasToDecimal, halalasToNumber, parseScaled, toHalalas } from '@/domain/invoice-money';
import {
  PAYMENT_METHODS,
  normalizedDecimal,
  paymentSchema,
  type PaymentInput,
  type PaymentValues,
} from '@/domain/invoices';
import { getErrorMessage } from '@/lib/errors';
import { todayIn } from '@/lib/format';
import { useRecordPayment } from '../api/record-payment';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';

export interface RecordPaymentDialogProps {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The instant a payment received on `day` is recorded at: now for today, midday otherwise. */
export function paidAtFor(day: string, today: string): string {
  return day === today ? new Date().toISOString() : `${day}T12:00:00Z`;
}

/** Method, amount (the balance by default), day, reference and notes; partial payments show what remains. */
export function RecordPaymentDialog({ invoice, open, onOpenChange }: RecordPaymentDialogProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const today = todayIn(format.timeZone);
  const balance = toHalalas(invoice.balance_due) ?? 0n;
  const schema = useMemo(() => paymentSchema(balance, today), [balance, today]);
  const record = useRecordPayment();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PaymentInput, unknown, PaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: { method: 'cash', amount: halalasToDecimal(balance), paid_on: today, reference: '', notes: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = parseScaled(useWatch({ control: form.control, name: 'amount' }) ?? '', 2);
  const remaining = amount !== null && amount > 0n && amount <= balance ? balance - amount : null;
  const money = (value: number) => format.money(value, invoice.currency);
  const message = (key?: string) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await record.mutateAsync({
        invoiceId: invoice.id,
        amount: normalizedDecimal(values.amount, 2),
        method: values.method,
        reference: values.reference || null,
        notes: values.notes || null,
        paidAt: paidAtFor(values.paid_on, today),
      });
      toast.success(t('payment.recorded'));
      onOpenChange(false);
    } catch (error) {
      setServerError(`${t('errors.payment_failed')}: ${getErrorMessage(error)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} data-testid="record-payment-dialog">
        <DialogHeader>
          <DialogTitle>{t('payment.title')}</DialogTitle>
          <DialogDescription>
            {t('payment.description', { number: invoice.invoice_number ?? '', balance: money(invoice.balance_due) })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label={t('payment.method')}>
            <Select {...form.register('method')} data-testid="payment-method">
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`method.${method}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('payment.amount')}
            hint={t('payment.amount_hint', { balance: money(invoice.balance_due) })}
            error={message(errors.amount?.message)}
          >
            <Input inputMode="decimal" dir="ltr" {...form.register('amount')} data-testid="payment-amount" />
          </Field>
          <Field label={t('payment.date')} error={message(errors.paid_on?.message)}>
            <DateInput max={today} {...form.register('paid_on')} />
          </Field>
          <Field label={t('payment.reference')} error={message(errors.reference?.message)}>
            <Input dir="auto" {...form.register('reference')} data-testid="payment-reference" />
          </Field>
          <Field label={t('payment.notes')} error={message(errors.notes?.message)} className="sm:col-span-2">
            <Textarea {...form.register('notes')} />
          </Field>
          <p aria-live="polite" className="text-sm text-stone-700 sm:col-span-2" data-testid="payment-remaining">
            {remaining === null
              ? null
              : remaining === 0n
                ? t('payment.settles')
                : t('payment.remaining_after', { amount: money(halalasToNumber(remaining)) })}
          </p>
          {serverError ? (
            <p
              role="alert"
              className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2"
              data-testid="payment-error"
            >
              {serverError}
            </p>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="payment-submit">
              {t('actions.record_payment')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
