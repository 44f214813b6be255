import { describe, expect, it } from 'vitest';
import {
  emptyTaxProfile,
  isVatNumber,
  TAX_PROFILE_MESSAGES,
  taxProfileSchema,
  type TaxProfileInput,
} from './tax-profile';

const valid: TaxProfileInput = {
  legal_name_ar: 'شركة نزل للضيافة',
  legal_name_en: 'Nuzl Hospitality Co.',
  vat_number: '310123456700003',
  commercial_registration: '1010123456',
  address: {
    street: 'طريق الملك فهد',
    building_number: '1234',
    additional_number: '',
    district: 'العليا',
    city: 'الرياض',
    postal_code: '12211',
    region: '',
  },
};

function errorsOf(input: TaxProfileInput): Record<string, string> {
  const result = taxProfileSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the VAT number rule: 15 digits, first and last 3', () => {
  it.each([
    ['310123456700003', true],
    ['300000000000003', true],
    ['310123456700013', true],
    ['٣١٠١٢٣٤٥٦٧٠٠٠٠٣', true], // typed on an Arabic keyboard
    ['310 1234 5670 0003', true], // grouped with spaces
    ['31012345670000', false], // 14 digits
    ['3101234567000033', false], // 16 digits
    ['210123456700003', false], // starts with 2
    ['310123456700004', false], // ends with 4
    ['31012345670000A', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isVatNumber(value)).toBe(expected);
  });

  it('refuses a wrong VAT number with its own message, under the field', () => {
    expect(errorsOf({ ...valid, vat_number: '310123456700004' })).toEqual({
      vat_number: TAX_PROFILE_MESSAGES.vatNumber,
    });
    expect(errorsOf({ ...valid, vat_number: '' })).toEqual({ vat_number: 'common:validation.required' });
  });
});

describe('taxProfileSchema', () => {
  it('accepts a complete profile and sends it normalised (blanks as null, Latin digits)', () => {
    const parsed = taxProfileSchema.parse({
      ...valid,
      vat_number: '٣١٠ ١٢٣٤ ٥٦٧٠ ٠٠٠٣',
      commercial_registration: '١٠١٠١٢٣٤٥٦',
      legal_name_en: '  ',
    });
    expect(parsed.vat_number).toBe('310123456700003');
    expect(parsed.commercial_registration).toBe('1010123456');
    expect(parsed.legal_name_en).toBeNull();
    expect(parsed.address.additional_number).toBeNull();
    expect(parsed.address.region).toBeNull();
  });

  it('names every problem of the national address under its own field', () => {
    const errors = errorsOf({
      ...valid,
      commercial_registration: '12345',
      address: {
        street: '',
        building_number: '12',
        additional_number: '123',
        district: '',
        city: 'الرياض',
        postal_code: '1221',
        region: '',
      },
    });
    expect(errors).toEqual({
      commercial_registration: TAX_PROFILE_MESSAGES.commercialRegistration,
      'address.street': 'common:validation.required',
      'address.building_number': TAX_PROFILE_MESSAGES.buildingNumber,
      'address.additional_number': TAX_PROFILE_MESSAGES.additionalNumber,
      'address.district': 'common:validation.required',
      'address.postal_code': TAX_PROFILE_MESSAGES.postalCode,
    });
  });

  it('needs the legal name in Arabic, short enough for the QR code', () => {
    expect(errorsOf({ ...valid, legal_name_ar: 'Nuzl Hospitality' })).toEqual({
      legal_name_ar: TAX_PROFILE_MESSAGES.legalNameArabic,
    });
    // 64 Arabic letters are 128 UTF-8 bytes: one more than a QR value may hold.
    expect(errorsOf({ ...valid, legal_name_ar: 'ن'.repeat(64) })).toEqual({
      legal_name_ar: TAX_PROFILE_MESSAGES.legalNameTooLong,
    });
    expect(errorsOf({ ...valid, legal_name_ar: 'ن'.repeat(63) })).toEqual({});
  });

  it('an empty form is refused field by field, each as required', () => {
    const errors = errorsOf(emptyTaxProfile());
    expect(new Set(Object.values(errors))).toEqual(new Set(['common:validation.required']));
    expect(Object.keys(errors).sort()).toEqual([
      'address.building_number',
      'address.city',
      'address.district',
      'address.postal_code',
      'address.street',
      'commercial_registration',
      'legal_name_ar',
      'vat_number',
    ]);
  });
});
