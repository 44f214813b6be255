/**
 * Fixtures of the clients and bookings browser tests, made through the Data API as the demo
 * owner: each test creates its own unit and guest (unique names), so tests running side by
 * side, in both languages, never book the same dates of the same unit.
 */
import { stackEnv } from './support/stack-env';
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /rest/v1/${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A random valid Saudi mobile number (050… to 059… are all in use except 052). */
export function randomPhone(): string {
  return `+96655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

export async function createUnit(token: string, name: string, nameAr: string) {
  const [unit] = await api<{ id: string; name: string; price_per_night: number; cleaning_fee: number }[]>(
    token,
    'POST',
    'units?select=id,name,price_per_night,cleaning_fee',
    {
      name,
      name_ar: nameAr,
      type: 'apartment',
      price_per_night: 500,
      cleaning_fee: 120,
      max_guests: 4,
      address_city: 'Riyadh',
    },
  );
  if (!unit) throw new Error('unit not created');
  return unit;
}

export async function createGuest(token: string, name: string) {
  const [guest] = await api<{ id: string; name: string; phone: string }[]>(
    token,
    'POST',
    'clients?select=id,name,phone',
    {
      name,
      phone: randomPhone(),
      national_id: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      nationality: 'SA',
    },
  );
  if (!guest) throw new Error('guest not created');
  return guest;
}

export async function createBooking(
  token: string,
  fields: { unit_id: string; client_id: string; check_in: string; check_out: string; status?: string },
) {
  const [booking] = await api<{ id: string; booking_reference: string; total_amount: number }[]>(
    token,
    'POST',
    'bookings?select=id,booking_reference,total_amount',
    fields,
  );
  if (!booking) throw new Error('booking not created');
  return booking;
}

/** Removes a test's unit with its bookings (bookings first: they reference the unit). */
export async function removeUnit(token: string, unitId: string): Promise<void> {
  await api(token, 'DELETE', `bookings?unit_id=eq.${unitId}`);
  await api(token, 'DELETE', `units?id=eq.${unitId}`);
}

/** A calendar day `days` from today in Riyadh. */
export function dayFromToday(days: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
