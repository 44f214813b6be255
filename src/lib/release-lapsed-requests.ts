import { supabase } from '@/lib/supabase';

/** Holds last 24 hours; a minute of staleness between sweeps is invisible to staff. */
export const RELEASE_INTERVAL_MS = 60_000;

let lastRelease: { at: number; done: Promise<void> } | null = null;

/**
 * Before a staff screen reads bookings (list, calendar, overview, a unit's month, a client's
 * stays), cancels the organisation's public booking requests whose 24-hour hold has lapsed, so
 * none shows as "pending" and nobody tries to confirm it (release_lapsed_booking_requests(),
 * migration 20261122039300). At most once a minute; reads that start while a release is under
 * way wait for that one. Shared by the features that read bookings, which may not import each
 * other. A failure never blocks the read that follows: the database still refuses to confirm an
 * expired request, and the scheduled sweep catches up.
 */
export function releaseLapsedRequests(now: number = Date.now()): Promise<void> {
  if (lastRelease && now - lastRelease.at < RELEASE_INTERVAL_MS) return lastRelease.done;
  const release: { at: number; done: Promise<void> } = { at: now, done: Promise.resolve() };
  const forget = () => {
    if (lastRelease === release) lastRelease = null;
  };
  release.done = Promise.resolve(supabase.rpc('release_lapsed_booking_requests')).then(({ error }) => {
    if (error) forget();
  }, forget);
  lastRelease = release;
  return release.done;
}

/** Tests: forget the last release. */
export function resetReleaseLapsedRequests(): void {
  lastRelease = null;
}
