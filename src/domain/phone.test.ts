import { describe, expect, it } from 'vitest';
import { formatPhone, guestPhoneSchema, isValidSaudiPhone, normalizeGuestPhone, normalizeSaudiPhone } from './phone';

const SAUDI_FORMS: [string, string][] = [
  ['0501234567', '+966501234567'],
  ['501234567', '+966501234567'],
  ['+966501234567', '+966501234567'],
  ['00966501234567', '+966501234567'],
  ['050 123 4567', '+966501234567'],
  ['+966 50 123 4567', '+966501234567'],
  ['0096 650 123 4567', '+966501234567'],
  ['050-123-4567', '+966501234567'],
  ['  0551234567  ', '+966551234567'],
  ['0591234567', '+966591234567'],
  ['0500000001', '+966500000001'],
  // Arabic-Indic digits, as typed on an Arabic keyboard
  ['٠٥٠١٢٣٤٥٦٧', '+966501234567'],
  ['٥٠١٢٣٤٥٦٧', '+966501234567'],
  ['+٩٦٦٥٠١٢٣٤٥٦٧', '+966501234567'],
  ['٠٠٩٦٦٥٠١٢٣٤٥٦٧', '+966501234567'],
  ['٠٥٠ ١٢٣ ٤٥٦٧', '+966501234567'],
  // Extended (Persian) Arabic-Indic digits
  ['۰۵۰۱۲۳۴۵۶۷', '+966501234567'],
  // Mixed digit systems and a pasted bidi mark
  ['05٠١٢٣4567', '+966501234567'],
  ['\u200e+966 50 123 4567', '+966501234567'],
];

const NEVER_A_PHONE = [
  '',
  '05012345', // too short
  '05012345678', // too long
  '0401234567', // not a mobile prefix
  '0112345678', // Riyadh landline
  '+966112345678', // the same landline, international
  '0521234567', // 052 is not an allocated mobile range
  '05o1234567', // a letter
  'abc',
  '+966',
  '٠١١٢٣٤٥٦٧٨', // landline in Arabic-Indic digits
  '٠٥٠١٢٣٤٥', // short, Arabic-Indic digits
  '05012345670000',
  '+1 555 0100', // too short for its country
  '+0501234567', // no country starts with 0
];

describe('normalizeSaudiPhone (signing in)', () => {
  it.each(SAUDI_FORMS)('%s → %s', (input, expected) => {
    expect(normalizeSaudiPhone(input)).toBe(expected);
  });

  it.each([
    ...NEVER_A_PHONE,
    '+971501234567', // a UAE mobile: a guest may have one, a sign-in may not
    '00971501234567',
    '966501234567', // country code without + or 00
    '+9660501234567', // trunk zero after the country code: the sign-in wants the number as SMS knows it
  ])('refuses %j', (input) => {
    expect(normalizeSaudiPhone(input)).toBeNull();
    expect(isValidSaudiPhone(input)).toBe(false);
  });
});

describe('normalizeGuestPhone (clients, onboarding, new guest)', () => {
  it.each(SAUDI_FORMS)('a Saudi mobile %s → %s', (input, expected) => {
    expect(normalizeGuestPhone(input)).toBe(expected);
  });

  it.each([
    ['+971 50 123 4567', '+971501234567'], // UAE
    ['00971501234567', '+971501234567'],
    ['+44 7911 123456', '+447911123456'], // UK
    ['+1 (212) 555-1234', '+12125551234'], // US
    ['+20 100 123 4567', '+201001234567'], // Egypt
    ['+92 300 1234567', '+923001234567'], // Pakistan
    ['+62 812-3456-7890', '+6281234567890'], // Indonesia
    ['٠٠٩٧١٥٠١٢٣٤٥٦٧', '+971501234567'], // Arabic-Indic digits
    ['\u200f+33 6 12 34 56 78', '+33612345678'], // France, pasted with an RTL mark
    ['+966 (0)50 123 4567', '+966501234567'], // the trunk zero many write after the country code
  ])('a foreign mobile with its country code %s → %s', (input, expected) => {
    expect(normalizeGuestPhone(input)).toBe(expected);
  });

  it.each([
    ...NEVER_A_PHONE,
    '971501234567', // a foreign number needs + or 00, else it is read as a (wrong) local number
    '07911123456', // a UK local form: without the country code it is not a Saudi number either
    '+9715012', // too short for the UAE
  ])('refuses %j', (input) => {
    expect(normalizeGuestPhone(input)).toBeNull();
  });

  it('is idempotent: a stored number reads back as itself', () => {
    for (const stored of ['+966501234567', '+971501234567', '+447911123456']) {
      expect(normalizeGuestPhone(stored)).toBe(stored);
    }
  });
});

describe('guestPhoneSchema', () => {
  it('stores E.164 and names the refusal', () => {
    expect(guestPhoneSchema.parse(' 055 123 4567 ')).toBe('+966551234567');
    expect(guestPhoneSchema.parse('+971 50 123 4567')).toBe('+971501234567');
    expect(guestPhoneSchema.safeParse('').error?.issues[0]?.message).toBe('common:validation.required');
    expect(guestPhoneSchema.safeParse('12345').error?.issues[0]?.message).toBe('common:validation.guest_phone');
  });
});

describe('formatPhone', () => {
  it('formats E.164 for display, with or without the plus, any country', () => {
    expect(formatPhone('+966501234567')).toBe('+966 50 123 4567');
    expect(formatPhone('966501234567')).toBe('+966 50 123 4567');
    expect(formatPhone('+971501234567')).toBe('+971 50 123 4567');
  });
  it('leaves what it cannot read as it is', () => {
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});
