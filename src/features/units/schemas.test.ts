import { describe, expect, it } from 'vitest';
import { EMPTY_UNIT_FORM } from './lib/unit-form-values';
import { toUnitPayload, unitFiltersSchema, unitFormSchema, type UnitFormInput } from './schemas';

const valid: UnitFormInput = { ...EMPTY_UNIT_FORM, name: '  Olaya Skyline Apartment ', price_per_night: '650' };

function messages(input: UnitFormInput): Record<string, string> {
  const result = unitFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('unitFormSchema', () => {
  it('turns the inputs into the row: trimmed text, numbers, nulls for blanks', () => {
    const values = unitFormSchema.parse({ ...valid, area_sqm: '140.5', amenities: ['wifi', 'pool'] });
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

  it('requires a name and a price, with messages the form translates', () => {
    expect(messages({ ...EMPTY_UNIT_FORM })).toEqual({
      name: 'validation.required',
      price_per_night: 'validation.required',
    });
    expect(messages({ ...valid, name: '   ' })).toEqual({ name: 'validation.required' });
  });

  it('refuses impossible numbers', () => {
    expect(messages({ ...valid, price_per_night: '-1' })).toEqual({ price_per_night: 'validation.not_negative' });
    expect(messages({ ...valid, max_guests: '0' })).toEqual({ max_guests: 'validation.one_or_more' });
    expect(messages({ ...valid, bedrooms: '1.5' })).toEqual({ bedrooms: 'validation.integer' });
    expect(messages({ ...valid, area_sqm: '0' })).toEqual({ area_sqm: 'validation.positive' });
    expect(messages({ ...valid, cleaning_fee: 'abc' })).toEqual({ cleaning_fee: 'validation.number' });
    expect(messages({ ...valid, security_deposit: '99999999999' })).toEqual({
      security_deposit: 'validation.too_large',
    });
  });

  it('checks times and coordinates like the database does', () => {
    expect(messages({ ...valid, check_in_time: '25:00' })).toEqual({ check_in_time: 'validation.time' });
    expect(messages({ ...valid, latitude: '91', longitude: '46' })).toEqual({ latitude: 'validation.latitude' });
    expect(messages({ ...valid, latitude: '24.7', longitude: '' })).toEqual({
      longitude: 'validation.coordinates_together',
    });
    expect(messages({ ...valid, latitude: '', longitude: '46.6' })).toEqual({
      latitude: 'validation.coordinates_together',
    });
    expect(unitFormSchema.parse({ ...valid, latitude: '24.7136', longitude: '46.6753' })).toMatchObject({
      latitude: 24.7136,
      longitude: 46.6753,
    });
  });

  it('refuses unknown types, countries and amenities', () => {
    expect(messages({ ...valid, type: 'castle' as never })).toHaveProperty('type');
    expect(messages({ ...valid, address_country: 'US' as never })).toHaveProperty('address_country');
    expect(messages({ ...valid, amenities: ['jacuzzi' as never] })).toHaveProperty('amenities.0');
  });
});

describe('toUnitPayload', () => {
  it('is the same schema applied again: parsed values pass unchanged, duplicates go', () => {
    const values = unitFormSchema.parse({ ...valid, amenities: ['wifi', 'wifi', 'tv'] });
    const payload = toUnitPayload(values);
    expect(payload.amenities).toEqual(['wifi', 'tv']);
    expect(payload).not.toHaveProperty('smart_lock_id');
    expect(payload).not.toHaveProperty('is_active');
  });

  it('refuses a request the form would refuse', () => {
    expect(() => toUnitPayload({ ...unitFormSchema.parse(valid), price_per_night: -5 })).toThrow();
  });
});

describe('unitFiltersSchema', () => {
  it('falls back to defaults for anything odd in the URL', () => {
    expect(unitFiltersSchema.parse({ search: 'x', type: 'castle', status: 'gone', page: '-2' })).toEqual({
      search: 'x',
      type: 'all',
      status: 'all',
      page: 1,
    });
    expect(unitFiltersSchema.parse({ search: '', type: 'villa', status: 'inactive', page: '3' })).toEqual({
      search: '',
      type: 'villa',
      status: 'inactive',
      page: 3,
    });
  });
});
