import type { z } from 'zod';
import { bookingFields, requireCheckOutAfterCheckIn } from '@/domain/bookings';
import { clientFields, requireIdentity } from '@/domain/clients';
import { organizationSchema, type OrganizationValues } from '@/domain/organizations';
import { unitFields } from '@/domain/units';

/**
 * The wizard's compact forms: each picks its fields from the shared entity schema
 * (src/domain), so a first unit, guest or booking obeys exactly the rules of the Units, Clients
 * and Bookings screens (a guest's phone included). Messages are `common:validation.*` keys.
 */
export { slugify, SLUG_PATTERN } from '@/domain/organizations';

export const organizationFormSchema = organizationSchema;
export type OrganizationFormValues = OrganizationValues;

/** Five fields; everything else keeps its database default until edited in Units. */
export const unitFormSchema = unitFields.pick({
  name: true,
  type: true,
  price_per_night: true,
  max_guests: true,
  address_city: true,
});
export type UnitFormInput = z.input<typeof unitFormSchema>;
export type UnitFormValues = z.output<typeof unitFormSchema>;

/** Language, VIP and member-since keep their database defaults. */
export const clientFormSchema = requireIdentity(
  clientFields.pick({ name: true, phone: true, email: true, national_id: true, passport_number: true }),
);
export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientFormValues = z.output<typeof clientFormSchema>;

/** A direct, confirmed booking; the database fills the reference and the total. */
export const bookingFormSchema = requireCheckOutAfterCheckIn(
  bookingFields.pick({ unit_id: true, client_id: true, check_in: true, check_out: true, guests_count: true }),
);
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;
