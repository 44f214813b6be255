import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { ACTION_TARGET, type BookingAction } from '../lib/booking-status';
import { BOOKING_COLUMNS } from './get-booking';
import { bookingKeys } from './keys';

export interface ChangeStatusArgs {
  id: string;
  action: BookingAction;
  /** Required by the form when cancelling. */
  reason?: string;
}

/** One SPEC §4 action; the database refuses a move its rules do not allow. */
export async function changeBookingStatus({ id, action, reason }: ChangeStatusArgs) {
  const patch =
    action === 'cancel'
      ? { status: ACTION_TARGET[action], cancellation_reason: reason ?? null }
      : { status: ACTION_TARGET[action] };
  return run(supabase.from('bookings').update(patch).eq('id', id).select(BOOKING_COLUMNS).single());
}

export function useChangeBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBookingStatus,
    // The cancel dialog keeps the typed reason on failure; the toast says why.
    meta: { errorTitle: 'bookings:form.update_failed' },
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      // Checking out creates the cleaning task (bookings_cleaning_task trigger): tasks, the
      // overview, the unit's month and the client's stays change with the booking.
      await invalidateAfterWrite(queryClient, ['bookings', 'tasks']);
    },
  });
}
