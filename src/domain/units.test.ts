import { describe, expect, it } from 'vitest';
import { toUnitRow, unitFields, unitSchema, type UnitInput } from './units';

const EMPTY: UnitInput = {
  name: '',
  name_ar: '',
  type: 'apartment',
  description: '',
  description_ar: '',
  price_per_night: '',
  max_guests: '2',
  bedrooms: '1',
  bathrooms: '1',
  area_sqm: '',
  address_street: '',
  address_city: '',
  address_region: '',
  address_postal_code: '',
  address_country: 'SA',
  amenities: [],
  check_in_time: '15:00',
  check_out_time: '12:00',
  cleaning_fee: '0',
  security_deposit: '0',
  latitude: '',
  longitude: '',
};
const valid: UnitInput = { ...EMPTY, name: '  Olaya Skyline Apartment ', price_per_night: '650' };

function messages(input: UnitInput): Record<string, string> {
  const result = unitSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('unitSchema', () => {
  it('turns the inputs into the row: trimmed text, numbers, nulls for blanks', () => {
    const values = unitSchema.parse({ ...valid, area_sqm: '140.5', amenities: ['wifi', 'pool'] });
    expect(values).toMatchObject({
      name: 'Olaya Skyline Apartment',
      name_ar: null,
      description: null,
      price_per_night: 650,
      max_guests: 2,
      bedrooms: 1,
      area_sqm: 140.5,
      cleaning_fee: 0,
      latitude: null,
      longitude: null,
      amenities: ['wifi', 'pool'],
      check_in_time: '15:00',
      address_country: 'SA',
    });
  });

  it('reads numbers typed in Arabic-Indic digits and with grouping separators', () => {
    expect(
      unitSchema.parse({ ...valid, price_per_night: '١٬٢٥٠', max_guests: '٦', cleaning_fee: '1,000' }),
    ).toMatchObject({ price_per_night: 1250, max_guests: 6, cleaning_fee: 1000 });
  });

  it('requires a name and a price, with messages every form translates', () => {
    expect(messages({ ...EMPTY })).toEqual({
      name: 'common:validation.required',
      price_per_night: 'common:validation.required',
    });
    expect(messages({ ...valid, name: '   ' })).toEqual({ name: 'common:validation.required' });
  });

  it('refuses impossible numbers', () => {
    expect(messages({ ...valid, price_per_night: '-1' })).toEqual({
      price_per_night: 'common:validation.not_negative',
    });
    expect(messages({ ...valid, max_guests: '0' })).toEqual({ max_guests: 'common:validation.one_or_more' });
    expect(messages({ ...valid, bedrooms: '1.5' })).toEqual({ bedrooms: 'common:validation.integer' });
    expect(messages({ ...valid, area_sqm: '0' })).toEqual({ area_sqm: 'common:validation.positive' });
    expect(messages({ ...valid, cleaning_fee: 'abc' })).toEqual({ cleaning_fee: 'common:validation.number' });
    expect(messages({ ...valid, security_deposit: '99999999999' })).toEqual({
      security_deposit: 'common:validation.too_large',
    });
  });

  it('checks times and coordinates like the database does', () => {
    expect(messages({ ...valid, check_in_time: '25:00' })).toEqual({ check_in_time: 'common:validation.time' });
    expect(messages({ ...valid, latitude: '91', longitude: '46' })).toEqual({
      latitude: 'common:validation.latitude',
    });
    expect(messages({ ...valid, latitude: '24.7', longitude: '' })).toEqual({
      longitude: 'common:validation.coordinates_together',
    });
    expect(messages({ ...valid, latitude: '', longitude: '46.6' })).toEqual({
      latitude: 'common:validation.coordinates_together',
    });
    expect(unitSchema.parse({ ...valid, latitude: '24.7136', longitude: '46.6753' })).toMatchObject({
      latitude: 24.7136,
      longitude: 46.6753,
    });
  });

  it('refuses unknown types, countries and amenities', () => {
    expect(messages({ ...valid, type: 'castle' as never })).toHaveProperty('type');
    expect(messages({ ...valid, address_country: 'US' as never })).toHaveProperty('address_country');
    expect(messages({ ...valid, amenities: ['jacuzzi' as never] })).toHaveProperty('amenities.0');
  });

  it('a shorter form picks the same field rules', () => {
    const compact = unitFields.pick({ name: true, price_per_night: true, max_guests: true });
    expect(compact.safeParse({ name: 'V', price_per_night: '10', max_guests: '1.5' }).error?.issues[0]?.message).toBe(
      'common:validation.integer',
    );
  });

  it('keeps the Wi-Fi for guest messages: trimmed, blank as null, at most 64 characters', () => {
    expect(unitSchema.parse({ ...valid, wifi_name: ' Olaya-Guest ', wifi_password: 'stay 2026' })).toMatchObject({
      wifi_name: 'Olaya-Guest',
      wifi_password: 'stay 2026',
    });
    expect(unitSchema.parse({ ...valid, wifi_name: '  ' })).toMatchObject({ wifi_name: null, wifi_password: null });
    expect(messages({ ...valid, wifi_password: 'x'.repeat(65) })).toEqual({
      wifi_password: 'common:validation.too_long',
    });
  });
});

describe('toUnitRow', () => {
  it('is the same schema applied again: parsed values pass unchanged, duplicates go', () => {
    const values = unitSchema.parse({ ...valid, amenities: ['wifi', 'wifi', 'tv'] });
    const row = toUnitRow(values);
    expect(row.amenities).toEqual(['wifi', 'tv']);
    expect(row).not.toHaveProperty('smart_lock_id');
    expect(row).not.toHaveProperty('is_active');
  });

  it('refuses a request the form would refuse', () => {
    expect(() => toUnitRow({ ...unitSchema.parse(valid), price_per_night: -5 })).toThrow();
  });
});
