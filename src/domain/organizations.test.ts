import { describe, expect, it } from 'vitest';
import { organizationSchema, SLUG_PATTERN, slugify } from './organizations';

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

describe('organizationSchema', () => {
  const valid = {
    name: 'Red Sea Stays',
    slug: 'red-sea-stays',
    default_currency: 'SAR',
    default_timezone: 'Asia/Riyadh',
    country: 'SA',
  };
  it('accepts the SPEC §9 choices', () => {
    expect(organizationSchema.safeParse(valid).success).toBe(true);
    expect(
      organizationSchema.safeParse({ ...valid, default_currency: 'AED', default_timezone: 'Asia/Dubai', country: 'AE' })
        .success,
    ).toBe(true);
  });
  it('refuses a bad slug, an unknown currency and an empty name', () => {
    expect(organizationSchema.safeParse({ ...valid, slug: 'Red Sea' }).error?.issues[0]?.message).toBe(
      'common:validation.slug',
    );
    expect(organizationSchema.safeParse({ ...valid, slug: '-x' }).success).toBe(false);
    expect(organizationSchema.safeParse({ ...valid, default_currency: 'GBP' }).success).toBe(false);
    expect(organizationSchema.safeParse({ ...valid, name: '  ' }).error?.issues[0]?.message).toBe(
      'common:validation.required',
    );
  });
});
