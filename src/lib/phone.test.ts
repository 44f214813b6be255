import { describe, expect, it } from 'vitest';
import { formatSaudiPhone, isValidSaudiPhone, normalizeSaudiPhone, toWesternDigits } from './phone';

describe('normalizeSaudiPhone', () => {
  it.each([
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
  ])('%s → %s', (input, expected) => {
    expect(normalizeSaudiPhone(input)).toBe(expected);
  });

  it.each([
    [''],
    ['05012345'], // too short
    ['05012345678'], // too long
    ['0401234567'], // not a mobile prefix
    ['0112345678'], // Riyadh landline
    ['0521234567'], // 052 is not an allocated mobile range
    ['+971501234567'], // UAE mobile
    ['00971501234567'],
    ['966501234567'], // country code without + or 00
    ['+9660501234567'], // trunk zero after the country code
    ['05o1234567'], // a letter
    ['abc'],
    ['+966'],
    ['٠١١٢٣٤٥٦٧٨'], // landline in Arabic-Indic digits
    ['٠٥٠١٢٣٤٥'], // short, Arabic-Indic digits
    ['05012345670000'],
  ])('refuses %j', (input) => {
    expect(normalizeSaudiPhone(input)).toBeNull();
    expect(isValidSaudiPhone(input)).toBe(false);
  });
});

describe('toWesternDigits', () => {
  it('converts both Arabic-Indic digit systems and leaves the rest', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toWesternDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toWesternDigits('+٩٦٦ abc')).toBe('+966 abc');
  });
});

describe('formatSaudiPhone', () => {
  it('formats E.164 for display, with or without the plus', () => {
    expect(formatSaudiPhone('+966501234567')).toBe('+966 50 123 4567');
    expect(formatSaudiPhone('966501234567')).toBe('+966 50 123 4567');
  });
});
