import { z } from 'zod';
import { MESSAGES } from '@/domain/validation';
import {
  bookingSchema,
  type BookingInput,
  type BookingSource,
  type BookingStatus,
  type BookingValues,
} from '@/domain/bookings';

/**
 * The booking form and its insert/update request use the shared entity schema
 * (src/domain/bookings.ts) as it is; the onboarding wizard's first booking applies the same
 * rules. Money is never part of it: the database computes the total.
 */
export { BOOKING_SOURCES, BOOKING_STATUSES, type BookingSource, type BookingStatus } from '@/domain/bookings';
export const bookingFormSchema = bookingSchema;
export type BookingFormInput = BookingInput;
export type BookingFormOutput = BookingValues;

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
  reason: z.string().trim().min(1, { error: 'form.errors.reason_required' }).max(500, { error: MESSAGES.tooLong }),
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
