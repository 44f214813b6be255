import { describe, expect, it } from 'vitest';
import { licenceSchema, licenceStatus, needsAttention } from './licence';

const licence = (number: string | null, expires: string | null) => ({
  tourism_licence_number: number,
  tourism_licence_expires_on: expires,
});

describe('licenceStatus', () => {
  const today = '2026-11-27';
  it('is missing without a number or an expiry date', () => {
    expect(licenceStatus(licence(null, '2027-01-01'), today)).toEqual({ kind: 'missing' });
    expect(licenceStatus(licence('MT-1', null), today)).toEqual({ kind: 'missing' });
  });
  it('is expired the day after the expiry date, expiring within 30 days (the last day included), else valid', () => {
    expect(licenceStatus(licence('MT-1', '2026-11-26'), today)).toEqual({ kind: 'expired', days: 1 });
    expect(licenceStatus(licence('MT-1', '2026-11-27'), today)).toEqual({ kind: 'expiring', days: 0 });
    expect(licenceStatus(licence('MT-1', '2026-12-07'), today)).toEqual({ kind: 'expiring', days: 10 });
    expect(licenceStatus(licence('MT-1', '2026-12-27'), today)).toEqual({ kind: 'expiring', days: 30 });
    expect(licenceStatus(licence('MT-1', '2026-12-28'), today)).toEqual({ kind: 'valid', days: 31 });
  });
  it('flags everything but a valid licence', () => {
    expect(needsAttention({ kind: 'valid', days: 40 })).toBe(false);
    expect(needsAttention({ kind: 'missing' })).toBe(true);
    expect(needsAttention({ kind: 'expiring', days: 3 })).toBe(true);
  });
});

describe('licenceSchema', () => {
  it('saves blanks as no licence', () => {
    expect(
      licenceSchema.parse({
        tourism_licence_number: ' ',
        tourism_licence_issued_on: '',
        tourism_licence_expires_on: '',
      }),
    ).toEqual({ tourism_licence_number: null, tourism_licence_issued_on: null, tourism_licence_expires_on: null });
  });
  it('needs an expiry date with a number, after the issue date', () => {
    const noExpiry = licenceSchema.safeParse({ tourism_licence_number: 'MT-1', tourism_licence_expires_on: '' });
    expect(noExpiry.error?.issues[0]?.path).toEqual(['tourism_licence_expires_on']);
    const inverted = licenceSchema.safeParse({
      tourism_licence_number: 'MT-1',
      tourism_licence_issued_on: '2026-12-01',
      tourism_licence_expires_on: '2026-11-01',
    });
    expect(inverted.error?.issues[0]?.message).toBe('units:licence.errors.expiry_before_issue');
    expect(licenceSchema.safeParse({ tourism_licence_number: 'x'.repeat(51) }).success).toBe(false);
  });
});
