import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { GuestNoticeChannels } from '../lib/booking-status';
import { cancelBookingSchema, type CancelBookingInput } from '../schemas';

export interface CancelBookingDialogProps {
  open: boolean;
  reference: string;
  /** Declining a public request tells its guest, with the reason: by SMS, and e-mail when given. */
  guestNotice?: GuestNoticeChannels | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves when cancelled; rejects to keep the dialog and the reason. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Cancelling frees the dates and cannot be undone: it asks, with a reason. */
export function CancelBookingDialog({
  open,
  reference,
  guestNotice = null,
  onOpenChange,
  onConfirm,
}: CancelBookingDialogProps) {
  const { t } = useTranslation('bookings');
  const form = useForm<CancelBookingInput>({
    resolver: zodResolver(cancelBookingSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;

  const handleSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason.trim());
      form.reset();
      onOpenChange(false);
    } catch {
      // The mutation already told the user; the reason stays typed.
    }
  });

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <AlertDialogTitle>{t('cancel.title', { reference })}</AlertDialogTitle>
          <AlertDialogDescription>{t('cancel.description')}</AlertDialogDescription>
          {guestNotice ? (
            <p className="text-sm text-stone-600" data-testid="guest-notice-hint">
              {t(`guest_messages.on_decline.${guestNotice}`)}
            </p>
          ) : null}
          <Field label={t('cancel.reason')} error={error ? t(error) : undefined}>
            <Textarea {...form.register('reason')} />
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('cancel.keep')}</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
              {t('actions.cancel')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
