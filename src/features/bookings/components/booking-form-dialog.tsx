import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import type { BookingDetail } from '../api/get-booking';
import { useBookingUnits } from '../api/get-booking-units';
import { useDeclineRequestsAndBook } from '../api/decline-requests-and-book';
import { bookingKeys } from '../api/keys';
import { useSaveBooking } from '../api/save-booking';
import { emptyBookingForm, type BookingFormInput } from '../schemas';
import { BookingForm } from './booking-form';

export interface BookingFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this booking; create a new one when absent. */
  booking?: BookingDetail | null;
  /** Prefill for a new booking (calendar cell, dashboard quick action). */
  initial?: Partial<BookingFormInput>;
  /** Called after a save; the caller then closes the dialog (it is not closed for it). */
  onSaved?: (booking: BookingDetail) => void;
  /**
   * Show a booking instead (a public request holding the chosen dates, to confirm it); the
   * caller closes this dialog. Without it such requests are shown as "already booked".
   */
  onOpenBooking?: (id: string) => void;
}

function toFormValues(booking: BookingDetail): BookingFormInput {
  return {
    client_id: booking.client_id,
    unit_id: booking.unit_id,
    check_in: booking.check_in,
    check_out: booking.check_out,
    guests_count: booking.guests_count,
    source: booking.source,
    special_requests: booking.special_requests ?? '',
  };
}

export function BookingFormDialog({
  open,
  onOpenChange,
  booking,
  initial,
  onSaved,
  onOpenBooking,
}: BookingFormDialogProps) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const units = useBookingUnits();
  const save = useSaveBooking();
  const declineAndBook = useDeclineRequestsAndBook();
  const [serverError, setServerError] = useState<string | null>(null);
  const isEdit = Boolean(booking);

  const handleOpenChange = (next: boolean) => {
    if (!next) setServerError(null);
    onOpenChange(next);
  };
  const saved = (result: BookingDetail) => {
    // With onSaved the parent closes the dialog itself, in the same URL update (two
    // search-param updates in one tick would overwrite each other).
    if (onSaved) onSaved(result);
    else handleOpenChange(false);
  };
  const failed = (error: unknown) => {
    setServerError(`${t(isEdit ? 'form.update_failed' : 'form.create_failed')} ${getErrorMessage(error)}`);
    // The dates may have just been taken or asked for: refresh the live check next to them.
    void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'quote'] });
    void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'conflicts'] });
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {isEdit ? t('form.edit_title', { reference: booking?.booking_reference }) : t('form.create_title')}
          </DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {units.isPending ? <Spinner label={t('common:loading')} /> : null}
        {units.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(units.error)}
          </p>
        ) : null}
        {open && units.data ? (
          <BookingForm
            units={units.data}
            bookingId={booking?.id}
            defaultValues={booking ? toFormValues(booking) : emptyBookingForm(initial)}
            defaultGuest={
              booking?.client ? { id: booking.client.id, name: booking.client.name, phone: booking.client.phone } : null
            }
            submitLabel={isEdit ? t('common:actions.save') : t('form.create_submit')}
            serverError={serverError}
            onCancel={() => handleOpenChange(false)}
            onSubmit={async (values) => {
              setServerError(null);
              try {
                saved(await save.mutateAsync({ id: booking?.id, values }));
              } catch (error) {
                failed(error);
                throw error;
              }
            }}
            onOpenBooking={onOpenBooking}
            onDeclineAndBook={async (values, requestIds) => {
              setServerError(null);
              try {
                saved(await declineAndBook.mutateAsync({ requestIds, bookingId: booking?.id, values }));
              } catch (error) {
                failed(error);
                throw error;
              }
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
