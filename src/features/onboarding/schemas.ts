import { z } from 'zod';
import { Constants } from '@/types/database';
import { normalizeSaudiPhone } from '@/lib/phone';

/**
 * The compact forms of the wizard. Error messages are i18n keys of the onboarding namespace.
 * Enumerations come from the generated database types, so a new enum value in a migration is
 * a type error here rather than a refused insert.
 */
const enums = Constants.public.Enums;

/** An address-safe slug: lower-case Latin letters, digits and inner hyphens (organizations_slug_format). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/**
 * A slug from an organisation name. Arabic-only names have no Latin letters to keep, so they
 * fall back to a neutral stem the user can edit (the field is editable on purpose).
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug;
}

const requiredText = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.too_long' });

export const organizationFormSchema = z.object({
  name: requiredText,
  slug: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(SLUG_PATTERN, { error: 'validation.slug_invalid' }),
  default_currency: z.enum(enums.currency_code),
  default_timezone: z.enum(enums.org_timezone),
  country: z.enum(enums.country_code),
});
export type OrganizationFormValues = z.infer<typeof organizationFormSchema>;

/** Numbers typed in either digit system arrive as text from the inputs. */
const amount = (message: string) =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .transform((value) =>
      Number(value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[,٬]/g, '')),
    )
    .refine((value) => Number.isFinite(value) && value >= 0, { error: message });

export const unitFormSchema = z.object({
  name: requiredText,
  type: z.enum(enums.unit_type),
  price_per_night: amount('validation.price_invalid'),
  max_guests: amount('validation.guests_invalid').refine((value) => Number.isInteger(value) && value >= 1, {
    error: 'validation.guests_invalid',
  }),
  address_city: z.string().trim().max(100),
});
export type UnitFormInput = z.input<typeof unitFormSchema>;
export type UnitFormValues = z.output<typeof unitFormSchema>;

export const clientFormSchema = z
  .object({
    name: requiredText,
    phone: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      // Guests are often foreign: any number of 5–30 characters is kept; Saudi numbers are normalised.
      .refine((value) => value.replace(/\D/g, '').length >= 5 && value.length <= 30, {
        error: 'validation.phone_invalid',
      }),
    email: z.union([z.literal(''), z.email({ error: 'validation.email_invalid' })]),
    national_id: z.string().trim().max(30),
    passport_number: z.string().trim().max(30),
  })
  .refine((values) => values.national_id !== '' || values.passport_number !== '', {
    path: ['national_id'],
    error: 'validation.identity_required',
  });
export type ClientFormValues = z.infer<typeof clientFormSchema>;

export function normalizeClientPhone(value: string): string {
  return normalizeSaudiPhone(value) ?? value.trim();
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.required' });

export const bookingFormSchema = z
  .object({
    unit_id: z.string().min(1, { error: 'validation.required' }),
    client_id: z.string().min(1, { error: 'validation.required' }),
    check_in: isoDate,
    check_out: isoDate,
    guests_count: amount('validation.guests_invalid').refine((value) => Number.isInteger(value) && value >= 1, {
      error: 'validation.guests_invalid',
    }),
  })
  .refine((values) => values.check_out > values.check_in, { path: ['check_out'], error: 'validation.dates_invalid' });
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;
