import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messagingKeys } from './messaging-keys';

const previewBookingSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  client: z.object({ name: z.string(), preferred_language: z.string() }).nullable(),
  unit: z.object({ name: z.string(), name_ar: z.string().nullable() }).nullable(),
});
export type PreviewBooking = z.infer<typeof previewBookingSchema>;

/** Bookings to preview a template with: the most recent and upcoming stays (by check-in, newest first). */
export async function getPreviewBookings({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('bookings')
      .select(
        'id, booking_reference, check_in, check_out, client:clients(name, preferred_language), unit:units(name, name_ar)',
      )
      .neq('status', 'cancelled')
      .order('check_in', { ascending: false })
      .limit(20),
    { signal, schema: z.array(previewBookingSchema) },
  );
}

export const previewBookingsQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.previewBookings(), queryFn: ({ signal }) => getPreviewBookings({ signal }) });

export function usePreviewBookings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...previewBookingsQueryOptions(), enabled: options.enabled ?? true });
}
