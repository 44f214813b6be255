import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { emptyInvoice, invoiceRequest, type InvoiceInput, type InvoiceValues } from '@/domain/invoices';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { todayIn } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useInvoiceFromBooking } from '../api/invoice-from-booking';
import { useIssueInvoice } from '../api/issue-invoice';
import { useSaveInvoiceDraft } from '../api/save-invoice';
import type { BookingOption, ClientOption } from '../api/search-options';
import { FromBookingForm } from './from-booking-form';
import { InvoiceForm } from './invoice-form';

export type InvoiceFormMode = 'invoice' | 'booking';

export interface InvoiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (invoice: { id: string }) => void;
  /** New invoices choose manual or from a booking; a draft's edit is always manual. */
  mode?: InvoiceFormMode;
  onModeChange?: (mode: InvoiceFormMode) => void;
  initialBookingId?: string | null;
  /** The draft being edited, with its form values and chosen client/booking. */
  draft?: { id: string; values: InvoiceInput; client: ClientOption | null; booking: BookingOption | null } | null;
}

/** New invoice (manual or from a booking) or a draft's edit; full screen on phones. */
export function InvoiceFormDialog({
  open,
  onOpenChange,
  onSaved,
  mode = 'invoice',
  onModeChange,
  initialBookingId = null,
  draft = null,
}: InvoiceFormDialogProps) {
  const { t } = useTranslation('invoices');
  const today = todayIn(useOrganizationSettings().timeZone);
  const save = useSaveInvoiceDraft();
  const issue = useIssueInvoice();
  const fromBooking = useInvoiceFromBooking();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setServerError(null);
    onOpenChange(next);
  };

  const submitInvoice = async (values: InvoiceValues, options: { issue: boolean }) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync({ id: draft?.id, invoice: invoiceRequest(values) });
      if (options.issue) {
        const issued = await issue.mutateAsync(saved.id);
        toast.success(t('form.issued', { number: issued.invoice_number ?? '' }));
      } else toast.success(t('form.saved'));
      onSaved(saved);
    } catch (error) {
      setServerError(`${t(draft ? 'errors.update_failed' : 'errors.create_failed')}: ${getErrorMessage(error)}`);
      throw error;
    }
  };

  const submitFromBooking = async (values: { bookingId: string; dueDate: string | null; reference: string }) => {
    setServerError(null);
    try {
      const created = await fromBooking.mutateAsync(values);
      toast.success(t('form.created_from_booking', { reference: values.reference }));
      onSaved(created);
    } catch (error) {
      setServerError(`${t('errors.create_failed')}: ${getErrorMessage(error)}`);
      throw error;
    }
  };

  const modeButton = (value: InvoiceFormMode) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => {
        setServerError(null);
        onModeChange?.(value);
      }}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium',
        mode === value ? 'bg-white shadow-sm' : 'text-stone-700',
      )}
      data-testid={`mode-${value}`}
    >
      {t(value === 'invoice' ? 'form.mode_manual' : 'form.mode_booking')}
    </button>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('actions.close')}
        className="max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:rounded-none sm:max-w-3xl"
        data-testid="invoice-form-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t(draft ? 'form.edit_title' : 'form.new_title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {!draft ? (
          <div role="group" aria-label={t('form.mode_label')} className="inline-flex w-fit rounded-lg bg-stone-100 p-1">
            {modeButton('invoice')}
            {modeButton('booking')}
          </div>
        ) : null}
        {draft || mode === 'invoice' ? (
          <InvoiceForm
            key={draft?.id ?? 'new'}
            defaultValues={draft?.values ?? emptyInvoice(today)}
            defaultClient={draft?.client ?? null}
            defaultBooking={draft?.booking ?? null}
            serverError={serverError}
            onSubmit={submitInvoice}
            onCancel={() => close(false)}
          />
        ) : (
          <FromBookingForm
            initialBookingId={initialBookingId}
            serverError={serverError}
            onSubmit={submitFromBooking}
            onCancel={() => close(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
