import type { BookingStatus } from '../schemas';

/**
 * SPEC §4 actions and the moves they make; the database (bookings_status_transition) allows the
 * same moves and nothing else, so a button shown here is a button that works.
 */
export type BookingAction = 'confirm' | 'check_in' | 'check_out' | 'cancel';

export const ACTION_TARGET: Record<BookingAction, BookingStatus> = {
  confirm: 'confirmed',
  check_in: 'checked_in',
  check_out: 'checked_out',
  cancel: 'cancelled',
};

const ACTIONS: Record<BookingStatus, BookingAction[]> = {
  pending: ['confirm', 'cancel'],
  confirmed: ['check_in', 'cancel'],
  checked_in: ['check_out'],
  checked_out: [],
  cancelled: [],
};

export function availableActions(status: BookingStatus): BookingAction[] {
  return ACTIONS[status];
}

/**
 * The cancellation reason the database writes itself when a public booking request lapses
 * unanswered (private.booking_request_rules().expired_reason); shown translated.
 */
export const REQUEST_EXPIRED_REASON = 'Request expired';

/**
 * The cancellation reason the database writes when staff decline public requests to book their
 * dates (decline_requests_and_book()); shown translated.
 */
export const REQUEST_DECLINED_REASON = 'Request declined';

/** Key (bookings namespace) for a reason the database wrote, or null for the staff's own words. */
export function cancellationReasonKey(reason: string): 'details.request_expired' | 'details.request_declined' | null {
  if (reason === REQUEST_EXPIRED_REASON) return 'details.request_expired';
  if (reason === REQUEST_DECLINED_REASON) return 'details.request_declined';
  return null;
}

/** How the guest of a public request hears the staff's answer: by SMS, and e-mail when they gave one. */
export type GuestNoticeChannels = 'sms' | 'sms_email';

/**
 * For a public request waiting for an answer, how confirming or declining it reaches its guest
 * (the database files a guest notice; the guest-notify function sends it); null for other stays,
 * whose status changes tell the guest nothing.
 */
export function requestNoticeChannels(booking: {
  status: BookingStatus;
  request_expires_at: string | null;
  client: { email: string | null } | null;
}): GuestNoticeChannels | null {
  if (booking.status !== 'pending' || !booking.request_expires_at) return null;
  return booking.client?.email ? 'sms_email' : 'sms';
}

/** Stays that are over or called off are not edited any more. */
export function isEditable(status: BookingStatus): boolean {
  return status === 'pending' || status === 'confirmed' || status === 'checked_in';
}

/** A public request waiting for an answer: a pending bar, dashed (not yet a stay). */
export const REQUEST_BAR_STYLE = 'border-dashed border-2';

/** Colours of SPEC §4 statuses, shared by the badges and the calendar bars. */
export const STATUS_STYLES: Record<
  BookingStatus,
  { badge: 'neutral' | 'success' | 'warning' | 'danger' | 'info'; bar: string }
> = {
  pending: { badge: 'warning', bar: 'bg-amber-200 text-amber-950 border-amber-500' },
  confirmed: { badge: 'info', bar: 'bg-sky-200 text-sky-950 border-sky-600' },
  checked_in: { badge: 'success', bar: 'bg-emerald-200 text-emerald-950 border-emerald-600' },
  checked_out: { badge: 'neutral', bar: 'bg-stone-200 text-stone-800 border-stone-500' },
  cancelled: { badge: 'danger', bar: 'bg-red-100 text-red-900 border-red-500' },
};
