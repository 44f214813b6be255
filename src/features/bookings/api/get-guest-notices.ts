import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/**
 * The messages a notice became are embedded through messages.notice_id. RLS filters them apart
 * from their notice: staff without messages.read get each notice with `messages: []`.
 */
const NOTICE_COLUMNS =
  'id, kind, created_at, attempts, next_attempt_at, sent_at, failed_at, last_error, messages(id, channel, status, to_address, sent_at, error, created_at)';

/** What the booking's guest was told (guest_notices, one per event), newest first. */
export function getGuestNotices(bookingId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('guest_notices')
      .select(NOTICE_COLUMNS)
      .eq('booking_id', bookingId)
      .order('created_at', { ascending: false }),
    { signal },
  );
}

export type GuestNotice = Awaited<ReturnType<typeof getGuestNotices>>[number];
export type GuestMessage = GuestNotice['messages'][number];

/** Sent, or given up: nothing will change any more. */
export function isNoticeSettled(notice: Pick<GuestNotice, 'sent_at' | 'failed_at'>): boolean {
  return notice.sent_at !== null || notice.failed_at !== null;
}

/** Polling while a notice is due or being sent, e.g. right after staff confirm a request. */
export const NOTICE_POLL_MS = 2_500;
/** Polling while a notice waits for its next attempt (the retry job runs every minute). */
export const NOTICE_RETRY_POLL_MS = 30_000;

/**
 * How often to read the notices again: quickly while one is on its way (its first attempt, or a
 * retry that is due), slowly while one waits out its back-off, never once all are settled.
 */
export function guestNoticesRefetchInterval(
  notices: readonly Pick<GuestNotice, 'attempts' | 'sent_at' | 'failed_at' | 'next_attempt_at'>[] | undefined,
  now: number = Date.now(),
): number | false {
  const open = (notices ?? []).filter((notice) => !isNoticeSettled(notice));
  if (open.length === 0) return false;
  const onItsWay = open.some((notice) => notice.attempts === 0 || Date.parse(notice.next_attempt_at) <= now);
  return onItsWay ? NOTICE_POLL_MS : NOTICE_RETRY_POLL_MS;
}

export function guestNoticesQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingKeys.notices(bookingId),
    queryFn: ({ signal }) => getGuestNotices(bookingId, signal),
    refetchInterval: (query) => guestNoticesRefetchInterval(query.state.data),
  });
}

export function useGuestNotices(bookingId: string | null) {
  return useQuery({ ...guestNoticesQueryOptions(bookingId ?? ''), enabled: bookingId !== null });
}
