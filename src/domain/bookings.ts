import { z } from 'zod';
import { Constants } from '@/types/database';
import { MAX_GUESTS } from './units';
import { isoDay, MESSAGES, optionalText, requiredNumber } from './validation';

/**
 * A booking, as every form writes it: the bookings dialog and the onboarding wizard's first
 * booking. Money is never part of it: the database computes the total from the unit's price.
 */
export const BOOKING_STATUSES = Constants.public.Enums.booking_status;
export const BOOKING_SOURCES = Constants.public.Enums.booking_source;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** Each field's rule, without the rule that spans fields (pick from here for a shorter form). */
export const bookingFields = z.object({
  client_id: z.string().min(1, { error: MESSAGES.guestRequired }),
  unit_id: z.string().min(1, { error: MESSAGES.unitRequired }),
  check_in: isoDay(MESSAGES.required),
  check_out: isoDay(MESSAGES.required),
  guests_count: requiredNumber(1, MAX_GUESTS, { integer: true, message: MESSAGES.guestsCount }),
  source: z.enum(BOOKING_SOURCES),
  special_requests: optionalText(2000),
});

/** A stay ends after it starts (the database's bookings_dates check). Shown under check-out. */
export function requireCheckOutAfterCheckIn<S extends z.ZodType<{ check_in: string; check_out: string }>>(
  schema: S,
): S {
  return schema.refine((booking) => booking.check_out > booking.check_in, {
    path: ['check_out'],
    error: MESSAGES.checkOutAfter,
  });
}

export const bookingSchema = requireCheckOutAfterCheckIn(bookingFields);

export type BookingInput = z.input<typeof bookingSchema>;
export type BookingValues = z.output<typeof bookingSchema>;
