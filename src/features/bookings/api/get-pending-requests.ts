import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** One row of pending_booking_requests() (supabase/migrations/…_booking_conflicts.sql). */
const pendingRequestSchema = z.object({
  id: z.string(),
  unit_id: z.string(),
  booking_reference: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  guest_name: z.string(),
  request_expires_at: z.string(),
});

/** Live public requests by booking id: when each lapses. */
export type PendingRequests = ReadonlyMap<string, { expiresAt: string }>;

const pendingRequestsSchema = z
  .array(pendingRequestSchema)
  .transform((rows): PendingRequests => new Map(rows.map((row) => [row.id, { expiresAt: row.request_expires_at }])));

/** The organisation's public requests waiting for an answer in [from, to), for the calendar. */
export function getPendingRequests(from: string, to: string, signal?: AbortSignal): Promise<PendingRequests> {
  return run(supabase.rpc('pending_booking_requests', { from_date: from, to_date: to }), {
    signal,
    schema: pendingRequestsSchema,
  });
}

export function pendingRequestsQueryOptions(from: string, to: string) {
  return queryOptions({
    // Under the calendars: every booking write that refreshes the calendar refreshes these too.
    queryKey: [...bookingKeys.calendars(), 'pending-requests', from, to] as const,
    queryFn: ({ signal }) => getPendingRequests(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePendingRequests(from: string, to: string) {
  return useQuery(pendingRequestsQueryOptions(from, to));
}
