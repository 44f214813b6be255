import { describe, expect, it } from 'vitest';
import { organizationSettingsSchema, type OrganizationSettingsInput } from './organization-schema';

const valid: OrganizationSettingsInput = {
  name: '  Nuzl Demo Stays ',
  name_ar: '',
  default_timezone: 'Asia/Riyadh',
  default_currency: 'SAR',
  country: 'SA',
  vat_number: '',
  commercial_registration: '',
  address_street: '',
  address_building_number: '',
  address_additional_number: '',
  address_district: '',
  address_city: '',
  address_region: '',
  address_postal_code: '',
};

const messageOf = (input: Partial<OrganizationSettingsInput>) => {
  const result = organizationSettingsSchema.safeParse({ ...valid, ...input });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('organizationSettingsSchema', () => {
  it('trims, and saves blank optional fields as null', () => {
    const parsed = organizationSettingsSchema.parse(valid);
    expect(parsed.name).toBe('Nuzl Demo Stays');
    expect(parsed.name_ar).toBeNull();
    expect(parsed.vat_number).toBeNull();
    expect(parsed.address_postal_code).toBeNull();
  });

  it('requires a name of at most 200 characters', () => {
    expect(messageOf({ name: '   ' })).toEqual(['common:validation.required']);
    expect(messageOf({ name: 'x'.repeat(201) })).toEqual(['common:validation.too_long']);
  });

  it('takes only the time zones, currencies and countries of the database', () => {
    expect(messageOf({ default_timezone: 'Europe/London', default_currency: 'EUR', country: 'EG' })).toBeNull();
    expect(messageOf({ default_timezone: 'Asia/Tokyo' as never })).not.toBeNull();
    expect(messageOf({ default_currency: 'GBP' as never })).not.toBeNull();
    expect(messageOf({ country: 'US' as never })).not.toBeNull();
  });

  it('holds the VAT number to 15 digits starting and ending with 3 (Arabic digits and spaces read)', () => {
    expect(messageOf({ vat_number: '310122393500003' })).toBeNull();
    expect(organizationSettingsSchema.parse({ ...valid, vat_number: '٣١٠ ١٢٢ ٣٩٣ ٥٠٠ ٠٠٣' }).vat_number).toBe(
      '310122393500003',
    );
    expect(messageOf({ vat_number: '123456789012345' })).toEqual(['common:errors.db.vat_number_invalid']);
    expect(messageOf({ vat_number: '31012239350000' })).toEqual(['common:errors.db.vat_number_invalid']);
    expect(messageOf({ vat_number: '310122393500004' })).toEqual(['common:errors.db.vat_number_invalid']);
  });

  it('holds the CR number and the national address numbers to their digits', () => {
    expect(messageOf({ commercial_registration: '1010123456' })).toBeNull();
    expect(messageOf({ commercial_registration: '12345' })).toEqual([
      'common:errors.db.commercial_registration_invalid',
    ]);
    expect(messageOf({ address_building_number: '12' })).toEqual(['common:errors.db.building_number_invalid']);
    expect(messageOf({ address_additional_number: '12345' })).toEqual(['common:errors.db.additional_number_invalid']);
    expect(messageOf({ address_postal_code: '1234' })).toEqual(['common:errors.db.postal_code_invalid']);
    expect(
      messageOf({ address_building_number: '8228', address_additional_number: '2121', address_postal_code: '12643' }),
    ).toBeNull();
  });
});
