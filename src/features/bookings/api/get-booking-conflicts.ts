import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { Constants } from '@/types/database';
import { bookingKeys, type QuoteArgs } from './keys';

/** One row of booking_conflicts() (supabase/migrations/…_booking_conflicts.sql). */
const conflictRowSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  status: z.enum(Constants.public.Enums.booking_status),
  booking_check_in: z.string(),
  booking_check_out: z.string(),
  guest_name: z.string(),
  request_expires_at: z.string().nullable(),
});

/** A booking in the way of the stay being chosen; a public request carries its expiry. */
export interface StayConflict {
  id: string;
  reference: string;
  status: z.infer<typeof conflictRowSchema>['status'];
  checkIn: string;
  checkOut: string;
  guest: string;
  /** Set for a public booking request waiting for an answer: when it lapses. */
  requestExpiresAt: string | null;
}

const conflictsSchema = z.array(conflictRowSchema).transform((rows) =>
  rows.map((row): StayConflict => ({
    id: row.id,
    reference: row.booking_reference,
    status: row.status,
    checkIn: row.booking_check_in,
    checkOut: row.booking_check_out,
    guest: row.guest_name,
    requestExpiresAt: row.status === 'pending' ? row.request_expires_at : null,
  })),
);

/** A public request waiting for an answer (it holds its dates until it lapses). */
export function isPendingRequest(conflict: StayConflict): boolean {
  return conflict.requestExpiresAt !== null;
}

/** What is in the way of this stay (booking_conflicts RPC), asked beside the quote. */
export function getBookingConflicts(args: QuoteArgs, signal?: AbortSignal): Promise<StayConflict[]> {
  return run(
    supabase.rpc('booking_conflicts', {
      unit_id: args.unitId,
      check_in: args.checkIn,
      check_out: args.checkOut,
      exclude_booking_id: args.excludeBookingId ?? undefined,
    }),
    { signal, schema: conflictsSchema },
  );
}

/** Under bookings so every booking write's invalidation reaches it. */
export const bookingConflictsKey = (args: QuoteArgs) => [...bookingKeys.all, 'conflicts', args] as const;

export function bookingConflictsQueryOptions(args: QuoteArgs) {
  return queryOptions({
    queryKey: bookingConflictsKey(args),
    queryFn: ({ signal }) => getBookingConflicts(args, signal),
    // Like the quote: someone may have booked or asked for these dates a moment ago.
    staleTime: 0,
    retry: false,
  });
}

/** Live list while the dates change; idle until unit and a valid date pair are chosen. */
export function useBookingConflicts(args: QuoteArgs | null) {
  return useQuery({
    ...bookingConflictsQueryOptions(args ?? { unitId: '', checkIn: '', checkOut: '', excludeBookingId: null }),
    enabled: args !== null,
  });
}
