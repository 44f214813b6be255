import { z } from 'zod';
import { COUNTRY_CODES, CURRENCY_CODES, ORGANIZATION_TIME_ZONES } from '@/domain/organizations';
import { COMMERCIAL_REGISTRATION_PATTERN, VAT_NUMBER_PATTERN, normalizeDigits } from '@/domain/tax-profile';
import { MESSAGES } from '@/domain/validation';

/**
 * Settings → Organisation: one schema for the form and the update of `organizations`. The
 * database holds the same rules (organizations_name_check, the org_timezone / currency_code /
 * country_code enums, and private.check_tax_field through organizations_tax_guard for the VAT
 * number, the commercial registration and the national address), so what passes here is saved,
 * and a value sent around the form is refused there with the same message.
 *
 * The tax fields may stay blank here (an organisation without a VAT registration); issuing a
 * tax invoice still asks for a complete tax profile (Payments → tax compliance).
 */
export const ORGANIZATION_MESSAGES = {
  vatNumber: 'common:errors.db.vat_number_invalid',
  commercialRegistration: 'common:errors.db.commercial_registration_invalid',
  buildingNumber: 'common:errors.db.building_number_invalid',
  additionalNumber: 'common:errors.db.additional_number_invalid',
  postalCode: 'common:errors.db.postal_code_invalid',
} as const;

/** Digits as typed (Arabic-Indic digits, spaces, dashes), checked when given; blank is null. */
const optionalDigits = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform(normalizeDigits)
    .refine((value) => value === '' || pattern.test(value), { error: message })
    .transform((value) => value || null);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong })
    .transform((value) => value || null);

export const organizationSettingsSchema = z.object({
  name: z.string().trim().min(1, { error: MESSAGES.required }).max(200, { error: MESSAGES.tooLong }),
  name_ar: optionalText(200),
  default_timezone: z.enum(ORGANIZATION_TIME_ZONES),
  default_currency: z.enum(CURRENCY_CODES),
  country: z.enum(COUNTRY_CODES),
  vat_number: optionalDigits(VAT_NUMBER_PATTERN, ORGANIZATION_MESSAGES.vatNumber),
  commercial_registration: optionalDigits(
    COMMERCIAL_REGISTRATION_PATTERN,
    ORGANIZATION_MESSAGES.commercialRegistration,
  ),
  address_street: optionalText(200),
  address_building_number: optionalDigits(/^\d{4}$/, ORGANIZATION_MESSAGES.buildingNumber),
  address_additional_number: optionalDigits(/^\d{4}$/, ORGANIZATION_MESSAGES.additionalNumber),
  address_district: optionalText(200),
  address_city: optionalText(200),
  address_region: optionalText(200),
  address_postal_code: optionalDigits(/^\d{5}$/, ORGANIZATION_MESSAGES.postalCode),
});

/** What the form holds: every field as typed. */
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;
/** What the update sends: trimmed, digits normalised, blanks as null. */
export type OrganizationSettingsValues = z.output<typeof organizationSettingsSchema>;

export type OrganizationSettingsField = keyof OrganizationSettingsInput;

/** The database's refusal keys (private.check_tax_field), each shown under the field it names. */
export const FIELD_OF_RULE: Readonly<Record<string, OrganizationSettingsField>> = {
  vat_number_invalid: 'vat_number',
  commercial_registration_invalid: 'commercial_registration',
  building_number_invalid: 'address_building_number',
  additional_number_invalid: 'address_additional_number',
  postal_code_invalid: 'address_postal_code',
  address_invalid: 'address_street',
};
