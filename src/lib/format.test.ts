import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelative,
  todayIn,
} from './format';

// Arabic uses Latin digits on purpose (see format.ts): no Arabic-Indic digit may appear.
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
/** Drops bidi marks and turns no-break spaces into spaces, so expectations stay readable. */
const strip = (value: string) =>
  value
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim();

describe('formatMoney', () => {
  it('formats SAR in English', () => {
    expect(strip(formatMoney(1250.5, 'SAR', 'en'))).toBe('SAR 1,250.50');
  });
  it('formats SAR in Arabic with Latin digits and the riyal sign after the amount', () => {
    const value = formatMoney(1250.5, 'SAR', 'ar');
    expect(strip(value)).toBe('1,250.50 ر.س.');
    expect(value).not.toMatch(ARABIC_INDIC_DIGITS);
  });
  it('always shows two decimals (halalas) and rounds', () => {
    expect(strip(formatMoney(81, 'SAR', 'en'))).toBe('SAR 81.00');
    expect(strip(formatMoney(0.005, 'SAR', 'en'))).toBe('SAR 0.01');
  });
  it('formats the other supported currencies', () => {
    expect(strip(formatMoney(10, 'USD', 'en'))).toBe('$10.00');
    expect(formatMoney(10, 'AED', 'ar')).toContain('10.00');
  });
});

describe('formatNumber and formatPercent', () => {
  it('groups thousands in both languages with Latin digits', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'ar')).toBe('1,234,567.5');
  });
  it('formats VAT as a percentage', () => {
    expect(formatPercent(0.15, 'en')).toBe('15%');
    const ar = formatPercent(0.15, 'ar');
    expect(ar).toContain('15');
    expect(ar).not.toMatch(ARABIC_INDIC_DIGITS);
  });
});

describe('formatDate', () => {
  it('keeps a stay date (YYYY-MM-DD) on its calendar day whatever the time zone', () => {
    expect(formatDate('2026-03-05', 'en', 'medium')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05', 'en', 'medium', 'America/New_York')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05', 'en', 'medium', 'Asia/Dubai')).toBe('Mar 5, 2026');
    // The far ends of the clock: noon UTC is already the next day in UTC+14 and the day before in UTC-12.
    expect(formatDate('2026-03-05', 'en', 'medium', 'Pacific/Kiritimati')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05', 'en', 'medium', 'Etc/GMT+12')).toBe('Mar 5, 2026');
  });
  it('writes Gregorian months in Arabic with Latin digits', () => {
    const value = formatDate('2026-03-05', 'ar', 'long');
    expect(strip(value)).toBe('5 مارس 2026');
    expect(value).not.toMatch(ARABIC_INDIC_DIGITS);
  });
  it('shows instants in Riyadh time by default', () => {
    expect(strip(formatDateTime('2026-03-05T22:30:00Z', 'en'))).toBe('Mar 6, 2026, 1:30 AM');
    expect(strip(formatDateTime('2026-03-05T22:30:00Z', 'ar'))).toMatch(/^06\/03\/2026، 1:30 ص$/);
  });
});

describe('formatRelative', () => {
  it('says "tomorrow" and "غدًا"', () => {
    expect(formatRelative(1, 'day', 'en')).toBe('tomorrow');
    expect(formatRelative(1, 'day', 'ar')).toBe('غدًا');
  });
});

describe('todayIn', () => {
  it('is the calendar day in the given zone, not the browser’s', () => {
    const lateEveningUtc = new Date('2026-11-22T21:30:00Z');
    expect(todayIn('Asia/Riyadh', lateEveningUtc)).toBe('2026-11-23'); // 00:30 in Riyadh
    expect(todayIn('Asia/Dubai', lateEveningUtc)).toBe('2026-11-23');
    expect(todayIn('Europe/London', lateEveningUtc)).toBe('2026-11-22');
    expect(todayIn('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});

describe('addDays', () => {
  it('moves a calendar day across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
