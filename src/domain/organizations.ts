import { z } from 'zod';
import { Constants } from '@/types/database';
import { MESSAGES, requiredText } from './validation';

/**
 * An organisation (a tenant), as the onboarding wizard creates it; the settings screen will
 * edit the same fields. Currency, time zone and country are the database's enumerations.
 */
const enums = Constants.public.Enums;
export const CURRENCY_CODES = enums.currency_code;
export const ORGANIZATION_TIME_ZONES = enums.org_timezone;
export const COUNTRY_CODES = enums.country_code;

/** An address-safe slug: lower-case Latin letters, digits and inner hyphens (organizations_slug_format). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/**
 * A slug from an organisation name. Arabic-only names have no Latin letters to keep, so they
 * give an empty slug the user fills in (the field is editable on purpose).
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
}

export const organizationSchema = z.object({
  name: requiredText(200),
  slug: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.required })
    .refine((value) => value === '' || SLUG_PATTERN.test(value), { error: MESSAGES.slug }),
  default_currency: z.enum(CURRENCY_CODES),
  default_timezone: z.enum(ORGANIZATION_TIME_ZONES),
  country: z.enum(COUNTRY_CODES),
});
export type OrganizationValues = z.infer<typeof organizationSchema>;
