import { z } from 'zod';
import { Constants, type TablesInsert } from '@/types/database';

/**
 * One schema for the unit form and the request that saves it (STYLE 9). Messages are keys in
 * the `units` namespace (`validation.*`), so the form shows them in the user's language.
 */
export const UNIT_TYPES = Constants.public.Enums.unit_type;
export const AMENITIES = Constants.public.Enums.amenity;
export const COUNTRIES = Constants.public.Enums.country_code;
export type UnitType = (typeof UNIT_TYPES)[number];
export type Amenity = (typeof AMENITIES)[number];
export type CountryCode = (typeof COUNTRIES)[number];

/** numeric(12, 2) in the database. */
export const MAX_MONEY = 9_999_999_999.99;

/** Text inputs hold strings: blank means "not given", anything else must read as a number. */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
  return value;
}

const number = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') });

function requiredNumber(min: number, max: number, integer = false) {
  let schema = number();
  if (integer) schema = schema.int({ message: 'validation.integer' });
  return z.preprocess(
    toNumber,
    schema
      .min(min, { message: min > 0 ? 'validation.one_or_more' : 'validation.not_negative' })
      .max(max, { message: 'validation.too_large' }),
  );
}

function optionalNumber(schema: z.ZodNumber) {
  return z.preprocess(toNumber, schema.optional()).transform((value) => value ?? null);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'validation.too_long' })
    .nullish()
    .transform((value) => (value ? value : null));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const unitFormSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.too_long' }),
    name_ar: optionalText(200),
    type: z.enum(UNIT_TYPES, { message: 'validation.required' }),
    description: optionalText(5000),
    description_ar: optionalText(5000),
    price_per_night: requiredNumber(0, MAX_MONEY),
    max_guests: requiredNumber(1, 1000, true),
    bedrooms: requiredNumber(0, 1000, true),
    bathrooms: requiredNumber(0, 1000, true),
    area_sqm: optionalNumber(
      number().gt(0, { message: 'validation.positive' }).max(99_999_999, { message: 'validation.too_large' }),
    ),
    address_street: optionalText(300),
    address_city: optionalText(120),
    address_region: optionalText(120),
    address_postal_code: optionalText(20),
    address_country: z.enum(COUNTRIES, { message: 'validation.required' }),
    amenities: z.array(z.enum(AMENITIES)),
    check_in_time: z.string().regex(TIME, { message: 'validation.time' }),
    check_out_time: z.string().regex(TIME, { message: 'validation.time' }),
    cleaning_fee: requiredNumber(0, MAX_MONEY),
    security_deposit: requiredNumber(0, MAX_MONEY),
    latitude: optionalNumber(
      number().min(-90, { message: 'validation.latitude' }).max(90, { message: 'validation.latitude' }),
    ),
    longitude: optionalNumber(
      number().min(-180, { message: 'validation.longitude' }).max(180, { message: 'validation.longitude' }),
    ),
  })
  .superRefine((value, ctx) => {
    // The database requires both coordinates or neither (units_coordinates_together).
    if ((value.latitude === null) !== (value.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.latitude === null ? 'latitude' : 'longitude'],
        message: 'validation.coordinates_together',
      });
    }
  });

/** What the inputs hold (strings from text inputs, before coercion). */
export type UnitFormInput = z.input<typeof unitFormSchema>;
/** What is saved. */
export type UnitFormValues = z.output<typeof unitFormSchema>;

/** The row written to `units`: every form field, nothing else (lock settings are not edited here). */
export function toUnitPayload(values: UnitFormValues): TablesInsert<'units'> {
  const parsed = unitFormSchema.parse(values);
  return { ...parsed, amenities: [...new Set(parsed.amenities)] };
}

export const UNIT_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UnitStatusFilter = (typeof UNIT_STATUS_FILTERS)[number];

export const UNITS_PAGE_SIZE = 12;

export const unitFiltersSchema = z.object({
  search: z.string().trim().max(100).catch(''),
  type: z.enum(['all', ...UNIT_TYPES]).catch('all'),
  status: z.enum(UNIT_STATUS_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).catch(1),
});
export type UnitFilters = z.infer<typeof unitFiltersSchema>;
