import { api, createGuest, unique } from './bookings-helpers';
import { stackEnv } from './support/stack-env';

/**
 * A guest's stay of the demo organisation that has just been checked out, and its review link
 * (issue 13): the owner creates a guest and a booking on a demo unit far in the future (so no
 * other spec's dates collide), checks it in and out, and asks review_link() for the guest's link.
 * `removeStay` deletes the review, the cleaning task, the booking (its invitation goes with it) and
 * the guest.
 */
export interface CheckedOutStay {
  bookingId: string;
  clientId: string;
  guestName: string;
  /** `/review/<token>` */
  path: string;
  token: string;
}

export async function checkedOutStay(token: string, guestName: string): Promise<CheckedOutStay> {
  const [unit] = await api<{ id: string }[]>(token, 'GET', 'units?select=id&is_active=eq.true&order=id&limit=1');
  if (!unit) throw new Error('no demo unit');
  const guest = await createGuest(token, guestName);
  // A random three-night stay 3 to 14 years ahead: each test gets dates of its own.
  const offset = 1100 + Math.floor(Math.random() * 4000);
  const [booking] = await api<{ id: string }[]>(token, 'POST', 'bookings?select=id', {
    unit_id: unit.id,
    client_id: guest.id,
    check_in: dayAfter(offset),
    check_out: dayAfter(offset + 3),
    status: 'confirmed',
  });
  if (!booking) throw new Error('booking not created');
  for (const status of ['checked_in', 'checked_out']) {
    await api(token, 'PATCH', `bookings?id=eq.${booking.id}`, { status });
  }
  const path = await api<string>(token, 'POST', 'rpc/review_link', { booking_id: booking.id });
  return { bookingId: booking.id, clientId: guest.id, guestName, path, token: path.replace('/review/', '') };
}

export async function removeStay(token: string, stay: CheckedOutStay): Promise<void> {
  await api(token, 'DELETE', `reviews?booking_id=eq.${stay.bookingId}`);
  // The check-out's cleaning task (bookings_cleaning_task) goes with the stay.
  await api(token, 'DELETE', `tasks?booking_id=eq.${stay.bookingId}`);
  await api(token, 'DELETE', `bookings?id=eq.${stay.bookingId}`);
  await api(token, 'DELETE', `clients?id=eq.${stay.clientId}`);
}

/** What the guest's page sends: submit_review_with_link() as a visitor. Returns the review id. */
export async function submitWithLink(reviewToken: string, rating: number, message: string): Promise<string> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/rpc/submit_review_with_link`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token: reviewToken, rating, message }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`submit_review_with_link → ${response.status}: ${text}`);
  return JSON.parse(text) as string;
}

function dayAfter(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { unique };
