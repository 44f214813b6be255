import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { BookingFormValues } from '../schemas';
import { useWizardInsert } from './wizard-rows';

export interface BookingSummary {
  id: string;
  booking_reference: string;
  total_amount: number;
}

/**
 * A direct booking. The database fills the reference and computes the total from the unit's
 * price (nights × price + cleaning fee), and refuses overlapping stays (SPEC §5).
 */
export async function createBooking(input: BookingFormValues & { organizationId: string }): Promise<BookingSummary> {
  const request = supabase
    .from('bookings')
    .insert({
      organization_id: input.organizationId,
      unit_id: input.unit_id,
      client_id: input.client_id,
      check_in: input.check_in,
      check_out: input.check_out,
      guests_count: input.guests_count,
      source: 'direct',
      status: 'confirmed',
      // Replaced by the database trigger; the column is required in the generated insert type.
      booking_reference: '',
    })
    .select('id, booking_reference, total_amount')
    .single();
  return run(request);
}

export function useCreateBooking() {
  return useWizardInsert(createBooking, 'bookings');
}
