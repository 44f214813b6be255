import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { Textarea } from '@/components/ui/textarea';
import { emptyInvoiceLine, invoiceFields, lineRequest, reasonSchema, type InvoiceInput } from '@/domain/invoices';
import { getErrorMessage } from '@/lib/errors';
import { todayIn } from '@/lib/format';
import { useCreateDebitNote } from '../api/create-debit-note';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';
import { InvoiceLinesEditor } from './invoice-lines-editor';

const debitNoteSchema = z.object({ reason: reasonSchema, lines: invoiceFields.shape.lines });
type DebitNoteInput = z.input<typeof debitNoteSchema>;
type DebitNoteValues = z.output<typeof debitNoteSchema>;

export interface DebitNoteDialogProps {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onIssued: (note: { id: string }) => void;
}

/** A debit note (383) adding charges to an issued invoice, with a reason; issued at once. */
export function DebitNoteDialog({ invoice, open, onOpenChange, onIssued }: DebitNoteDialogProps) {
  const { t } = useTranslation('invoices');
  const today = todayIn(useInvoiceFormat().timeZone);
  const create = useCreateDebitNote();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<DebitNoteInput, unknown, DebitNoteValues>({
    resolver: zodResolver(debitNoteSchema),
    defaultValues: { reason: '', lines: [emptyInvoiceLine()] },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const note = await create.mutateAsync({
        originalId: invoice.id,
        reason: values.reason,
        dueDate: invoice.due_date > today ? invoice.due_date : today,
        lines: values.lines.map(lineRequest),
      });
      toast.success(t('debit.done', { number: note.invoice_number ?? '' }));
      onIssued(note);
    } catch (error) {
      setServerError(`${t('errors.debit_note_failed')}: ${getErrorMessage(error)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} className="sm:max-w-2xl" data-testid="debit-note-dialog">
        <DialogHeader>
          <DialogTitle>{t('debit.title')}</DialogTitle>
          <DialogDescription>{t('debit.description', { number: invoice.invoice_number ?? '' })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={t('debit.reason')} error={errors.reason?.message ? t(errors.reason.message) : undefined}>
            <Textarea {...form.register('reason')} data-testid="debit-reason" />
          </Field>
          {/* The lines editor works on the invoice form's shape; this form has the same `lines`. */}
          <InvoiceLinesEditor
            control={form.control as unknown as Control<InvoiceInput>}
            register={form.register as unknown as UseFormRegister<InvoiceInput>}
            errors={errors}
            currency={invoice.currency}
          />
          {serverError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {serverError}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="debit-submit">
              {t('debit.issue')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
