import { z } from 'zod';
import { toWesternDigits } from '@/lib/digits';
import { MESSAGES } from './validation';

/**
 * The organisation's tax profile: what a Saudi tax invoice shows of its seller (VAT Implementing
 * Regulations Art. 53; ZATCA BR-KSA-08/09/37/40/64/66) and what onboarding with ZATCA signs its
 * CSR with. The same formats as the database (private.check_tax_field, update_tax_profile), so
 * the form refuses what the server would, in the user's language, before sending.
 *
 * Digits typed on an Arabic keyboard (٣١٠…) are read as Latin digits, and spaces people put in
 * long numbers are dropped.
 */

/** 15 digits, the first and the last 3 ([XML] BR-KSA-40; no checksum is published). */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;
export const COMMERCIAL_REGISTRATION_PATTERN = /^\d{10}$/;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** QR tag 1 carries the Arabic legal name; one TLV length byte allows 127 UTF-8 bytes. */
export const LEGAL_NAME_MAX_BYTES = 127;

export const TAX_PROFILE_MESSAGES = {
  legalNameArabic: 'payments:tax_profile.errors.legal_name_arabic',
  legalNameTooLong: 'payments:tax_profile.errors.legal_name_too_long',
  vatNumber: 'payments:tax_profile.errors.vat_number',
  commercialRegistration: 'payments:tax_profile.errors.commercial_registration',
  buildingNumber: 'payments:tax_profile.errors.building_number',
  additionalNumber: 'payments:tax_profile.errors.additional_number',
  postalCode: 'payments:tax_profile.errors.postal_code',
} as const;

/** Whether a (normalised) value is a Saudi VAT registration number. */
export function isVatNumber(value: string): boolean {
  return VAT_NUMBER_PATTERN.test(normalizeDigits(value));
}

/** Arabic-keyboard digits to Latin, spaces and dashes people type inside numbers dropped. */
export function normalizeDigits(value: string): string {
  return toWesternDigits(value).replace(/[\s-]/g, '');
}

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

const digits = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform(normalizeDigits)
    .pipe(z.string().min(1, { error: MESSAGES.required, abort: true }).regex(pattern, { error: message }));

const optionalDigits = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform(normalizeDigits)
    .refine((value) => value === '' || pattern.test(value), { error: message })
    .transform((value) => value || null);

const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .max(max, { error: MESSAGES.tooLong, abort: true });

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong })
    .transform((value) => value || null);

export const nationalAddressSchema = z.object({
  street: required(200),
  building_number: digits(/^\d{4}$/, TAX_PROFILE_MESSAGES.buildingNumber),
  additional_number: optionalDigits(/^\d{4}$/, TAX_PROFILE_MESSAGES.additionalNumber),
  district: required(200),
  city: required(200),
  postal_code: digits(/^\d{5}$/, TAX_PROFILE_MESSAGES.postalCode),
  region: optional(200),
});

export const taxProfileSchema = z.object({
  legal_name_ar: required(200)
    .refine((value) => ARABIC_LETTER.test(value), { error: TAX_PROFILE_MESSAGES.legalNameArabic })
    .refine((value) => utf8Length(value) <= LEGAL_NAME_MAX_BYTES, { error: TAX_PROFILE_MESSAGES.legalNameTooLong }),
  legal_name_en: optional(200),
  vat_number: digits(VAT_NUMBER_PATTERN, TAX_PROFILE_MESSAGES.vatNumber),
  commercial_registration: digits(COMMERCIAL_REGISTRATION_PATTERN, TAX_PROFILE_MESSAGES.commercialRegistration),
  address: nationalAddressSchema,
});

/** What the form holds: every field as typed text. */
export type TaxProfileInput = z.input<typeof taxProfileSchema>;
/** What update_tax_profile receives: normalised, blanks of optional fields as null. */
export type TaxProfileValues = z.output<typeof taxProfileSchema>;

export const emptyTaxProfile = (): TaxProfileInput => ({
  legal_name_ar: '',
  legal_name_en: '',
  vat_number: '',
  commercial_registration: '',
  address: {
    street: '',
    building_number: '',
    additional_number: '',
    district: '',
    city: '',
    postal_code: '',
    region: '',
  },
});

/** A saved profile back in the form's shape (what was sent, as the database now holds it). */
export function taxProfileInput(values: TaxProfileValues): TaxProfileInput {
  return {
    ...values,
    legal_name_en: values.legal_name_en ?? '',
    address: {
      ...values.address,
      additional_number: values.address.additional_number ?? '',
      region: values.address.region ?? '',
    },
  };
}
