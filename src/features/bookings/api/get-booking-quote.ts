import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys, type QuoteArgs } from './keys';

/** The JSON booking_quote() returns (supabase/migrations/…_public_request_expiry.sql). */
export const bookingQuoteSchema = z.object({
  available: z.boolean(),
  nights: z.number(),
  price_per_night: z.number(),
  cleaning_fee: z.number(),
  total_amount: z.number(),
});

export type BookingQuote = z.infer<typeof bookingQuoteSchema>;

/**
 * Availability and the total the database will store for this stay (booking_quote RPC): the
 * form's preview is the server's own number, never one computed here.
 */
export function getBookingQuote(args: QuoteArgs, signal?: AbortSignal): Promise<BookingQuote> {
  return run(
    supabase.rpc('booking_quote', {
      unit_id: args.unitId,
      check_in: args.checkIn,
      check_out: args.checkOut,
      exclude_booking_id: args.excludeBookingId ?? undefined,
    }),
    { signal, schema: bookingQuoteSchema },
  );
}

export function bookingQuoteQueryOptions(args: QuoteArgs) {
  return queryOptions({
    queryKey: bookingKeys.quote(args),
    queryFn: ({ signal }) => getBookingQuote(args, signal),
    // Always ask again: someone else may have booked these dates a moment ago.
    staleTime: 0,
    retry: false,
  });
}

/** Live check while the dates change; idle until unit and a valid date pair are chosen. */
export function useBookingQuote(args: QuoteArgs | null) {
  return useQuery({
    ...bookingQuoteQueryOptions(args ?? { unitId: '', checkIn: '', checkOut: '', excludeBookingId: null }),
    enabled: args !== null,
  });
}
