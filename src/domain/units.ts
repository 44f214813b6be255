import { z } from 'zod';
import { Constants, type TablesInsert } from '@/types/database';
import { MESSAGES, optionalNumber, optionalText, requiredNumber, requiredText } from './validation';

/**
 * A unit (a property that is rented out), as every form writes it: the Units editor and the
 * onboarding wizard's first property. Enumerations come from the generated database types, so
 * a new enum value in a migration is a type error here rather than a refused insert.
 */
export const UNIT_TYPES = Constants.public.Enums.unit_type;
export const AMENITIES = Constants.public.Enums.amenity;
export const COUNTRIES = Constants.public.Enums.country_code;
export type UnitType = (typeof UNIT_TYPES)[number];
export type Amenity = (typeof AMENITIES)[number];
export type CountryCode = (typeof COUNTRIES)[number];

/** numeric(12, 2) in the database. */
export const MAX_MONEY = 9_999_999_999.99;
export const MAX_GUESTS = 1000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Each field's rule, without the rules that span fields (pick from here for a shorter form). */
export const unitFields = z.object({
  name: requiredText(200),
  name_ar: optionalText(200),
  type: z.enum(UNIT_TYPES, { error: MESSAGES.required }),
  description: optionalText(5000),
  description_ar: optionalText(5000),
  price_per_night: requiredNumber(0, MAX_MONEY),
  max_guests: requiredNumber(1, MAX_GUESTS, { integer: true }),
  bedrooms: requiredNumber(0, 1000, { integer: true }),
  bathrooms: requiredNumber(0, 1000, { integer: true }),
  area_sqm: optionalNumber((n) => n.gt(0, { error: MESSAGES.positive }).max(99_999_999, { error: MESSAGES.tooLarge })),
  address_street: optionalText(300),
  address_city: optionalText(120),
  address_region: optionalText(120),
  address_postal_code: optionalText(20),
  address_country: z.enum(COUNTRIES, { error: MESSAGES.required }),
  amenities: z.array(z.enum(AMENITIES)),
  check_in_time: z.string().regex(TIME, { error: MESSAGES.time }),
  check_out_time: z.string().regex(TIME, { error: MESSAGES.time }),
  cleaning_fee: requiredNumber(0, MAX_MONEY),
  security_deposit: requiredNumber(0, MAX_MONEY),
  latitude: optionalNumber((n) => n.min(-90, { error: MESSAGES.latitude }).max(90, { error: MESSAGES.latitude })),
  longitude: optionalNumber((n) => n.min(-180, { error: MESSAGES.longitude }).max(180, { error: MESSAGES.longitude })),
  /** For the guest messages' {{wifi_name}} and {{wifi_password}} (units_wifi_* checks: ≤ 64). */
  wifi_name: optionalText(64),
  wifi_password: optionalText(64),
});

/** The whole unit: every field, and both coordinates or neither (units_coordinates_together). */
export const unitSchema = unitFields.superRefine((value, ctx) => {
  if ((value.latitude === null) !== (value.longitude === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.latitude === null ? 'latitude' : 'longitude'],
      message: MESSAGES.coordinatesTogether,
    });
  }
});

/** What the inputs hold (strings from text inputs, before coercion). */
export type UnitInput = z.input<typeof unitSchema>;
/** What is saved. */
export type UnitValues = z.output<typeof unitSchema>;

/** The row written to `units`: every field of the schema, nothing else (lock settings are not edited here). */
export function toUnitRow(values: UnitValues): TablesInsert<'units'> {
  const parsed = unitSchema.parse(values);
  return { ...parsed, amenities: [...new Set(parsed.amenities)] };
}
