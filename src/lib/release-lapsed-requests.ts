import { supabase } from '@/lib/supabase';

/** Holds last 24 hours; a minute of staleness between sweeps is invisible to staff. */
export const RELEASE_INTERVAL_MS = 60_000;

let lastReleaseAt: number | null = null;

/**
 * Before a staff screen reads bookings (list, calendar, overview), cancels the organisation's
 * public booking requests whose 24-hour hold has lapsed, so none shows as "pending" and nobody
 * tries to confirm it (release_lapsed_booking_requests(), migration 20261122039300). At most once
 * a minute; shared by the bookings and dashboard features, which may not import each other. A
 * failure never blocks the read that follows: the database still refuses to confirm an expired
 * request, and the scheduled sweep catches up.
 */
export async function releaseLapsedRequests(now: number = Date.now()): Promise<void> {
  if (lastReleaseAt !== null && now - lastReleaseAt < RELEASE_INTERVAL_MS) return;
  lastReleaseAt = now;
  const { error } = await supabase.rpc('release_lapsed_booking_requests');
  if (error) lastReleaseAt = null;
}

/** Tests: forget the last sweep. */
export function resetReleaseLapsedRequests(): void {
  lastReleaseAt = null;
}
