import { z } from 'zod';
import { Constants } from '@/types/database';

/**
 * The booking form and the insert/update request share this schema (STYLE 9). Messages are keys
 * of the `bookings` namespace. Money is never part of it: the database computes the total.
 */
export const BOOKING_STATUSES = Constants.public.Enums.booking_status;
export const BOOKING_SOURCES = Constants.public.Enums.booking_source;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const bookingFormSchema = z
  .object({
    client_id: z.string().min(1, { error: 'form.errors.guest_required' }),
    unit_id: z.string().min(1, { error: 'form.errors.unit_required' }),
    check_in: z.iso.date({ error: 'form.errors.date_required' }),
    check_out: z.iso.date({ error: 'form.errors.date_required' }),
    guests_count: z.coerce
      .number<string | number>({ error: 'form.errors.guests_invalid' })
      .int({ error: 'form.errors.guests_invalid' })
      .min(1, { error: 'form.errors.guests_invalid' })
      .max(1000, { error: 'form.errors.guests_invalid' }),
    source: z.enum(BOOKING_SOURCES),
    special_requests: z
      .string()
      .trim()
      .max(2000, { error: 'form.errors.too_long' })
      .transform((value) => (value === '' ? null : value)),
  })
  .refine((booking) => booking.check_out > booking.check_in, {
    path: ['check_out'],
    error: 'form.errors.check_out_after',
  });

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormOutput = z.output<typeof bookingFormSchema>;

export function emptyBookingForm(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  return {
    client_id: '',
    unit_id: '',
    check_in: '',
    check_out: '',
    guests_count: 1,
    source: 'direct',
    special_requests: '',
    ...overrides,
  };
}

export const cancelBookingSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'form.errors.reason_required' })
    .max(500, { error: 'form.errors.too_long' }),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

export const bookingScopes = ['all', 'active', 'completed'] as const;
export type BookingScope = (typeof bookingScopes)[number];
export const bookingSortColumns = [
  'check_in',
  'check_out',
  'created_at',
  'total_amount',
  'booking_reference',
  'status',
  'guest',
  'unit',
] as const;
export type BookingSort = (typeof bookingSortColumns)[number];

export interface BookingListParams {
  search: string;
  scope: BookingScope;
  statuses: BookingStatus[];
  sources: BookingSource[];
  dateFrom: string | null;
  dateTo: string | null;
  sort: BookingSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}
