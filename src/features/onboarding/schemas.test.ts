import { describe, expect, it } from 'vitest';
import {
  bookingFormSchema,
  clientFormSchema,
  organizationFormSchema,
  SLUG_PATTERN,
  slugify,
  unitFormSchema,
} from './schemas';

describe('slugify', () => {
  it.each([
    ['Red Sea Stays', 'red-sea-stays'],
    ['  AlUla  Retreats!! ', 'alula-retreats'],
    ['Café & Chalets', 'cafe-and-chalets'],
    ['نزل الرياض Riyadh Inn', 'riyadh-inn'],
    ['نزل الرياض', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
  it('always produces a slug the database accepts (or nothing)', () => {
    for (const name of ['A'.repeat(80), '--x--', 'Ünïcödé Hötel', '123 Stays', 'a-b-']) {
      const slug = slugify(name);
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
    }
  });
});

describe('organizationFormSchema', () => {
  const valid = {
    name: 'Red Sea Stays',
    slug: 'red-sea-stays',
    default_currency: 'SAR',
    default_timezone: 'Asia/Riyadh',
    country: 'SA',
  };
  it('accepts the SPEC §9 choices', () => {
    expect(organizationFormSchema.safeParse(valid).success).toBe(true);
    expect(
      organizationFormSchema.safeParse({
        ...valid,
        default_currency: 'AED',
        default_timezone: 'Asia/Dubai',
        country: 'AE',
      }).success,
    ).toBe(true);
  });
  it('refuses a bad slug, an unknown currency and an empty name', () => {
    expect(organizationFormSchema.safeParse({ ...valid, slug: 'Red Sea' }).success).toBe(false);
    expect(organizationFormSchema.safeParse({ ...valid, slug: '-x' }).success).toBe(false);
    expect(organizationFormSchema.safeParse({ ...valid, default_currency: 'GBP' }).success).toBe(false);
    expect(organizationFormSchema.safeParse({ ...valid, name: '  ' }).success).toBe(false);
  });
});

describe('unitFormSchema', () => {
  it('turns typed numbers (both digit systems) into numbers', () => {
    const parsed = unitFormSchema.parse({
      name: 'Villa',
      type: 'villa',
      price_per_night: '١٢٥٠',
      max_guests: '6',
      address_city: 'Riyadh',
    });
    expect(parsed).toMatchObject({ price_per_night: 1250, max_guests: 6 });
  });
  it('refuses negative prices and zero guests', () => {
    expect(
      unitFormSchema.safeParse({ name: 'V', type: 'villa', price_per_night: '-1', max_guests: '2', address_city: '' })
        .success,
    ).toBe(false);
    expect(
      unitFormSchema.safeParse({ name: 'V', type: 'villa', price_per_night: '10', max_guests: '0', address_city: '' })
        .success,
    ).toBe(false);
  });
});

describe('clientFormSchema (SPEC §5)', () => {
  const base = { name: 'Sara', phone: '0551234567', email: '', national_id: '', passport_number: '' };
  it('needs a national id or a passport', () => {
    const result = clientFormSchema.safeParse(base);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.identity_required');
    expect(clientFormSchema.safeParse({ ...base, national_id: '1234567890' }).success).toBe(true);
    expect(clientFormSchema.safeParse({ ...base, passport_number: 'X1234567' }).success).toBe(true);
  });
  it('e-mail is optional but must be valid when given', () => {
    expect(clientFormSchema.safeParse({ ...base, national_id: '1', email: 'nope' }).success).toBe(false);
    expect(clientFormSchema.safeParse({ ...base, national_id: '1', email: 'sara@example.com' }).success).toBe(true);
  });
});

describe('bookingFormSchema', () => {
  const base = { unit_id: 'u', client_id: 'c', check_in: '2026-12-01', check_out: '2026-12-03', guests_count: '2' };
  it('needs check-out after check-in', () => {
    expect(bookingFormSchema.safeParse(base).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...base, check_out: '2026-12-01' }).success).toBe(false);
  });
});
