import { describe, expect, it } from 'vitest';
import { formatHijri } from './hijri';

describe('formatHijri (Umm al-Qura)', () => {
  it('gives the Hijri date of a Gregorian day in English, with the era', () => {
    // 27 November 2026 is 17 Jumada al-Akhirah 1448 in the Umm al-Qura calendar.
    expect(formatHijri('2026-11-27', 'en')).toBe('Jum. II 17, 1448 AH');
    expect(formatHijri('2026-11-27', 'en', 'long')).toBe('Jumada II 17, 1448 AH');
  });

  it('gives Arabic month names with Latin digits and هـ', () => {
    const text = formatHijri('2026-11-27', 'ar', 'long');
    expect(text).toBe('17 جمادى الآخرة 1448 هـ');
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it('follows the Umm al-Qura month starts (1 Ramadan 1447 = 18 February 2026)', () => {
    expect(formatHijri('2026-02-18', 'en', 'long')).toBe('Ramadan 1, 1447 AH');
    expect(formatHijri('2026-02-17', 'en', 'long')).toBe('Shaʻban 29, 1447 AH');
  });

  it('keeps a bare day on its day in any time zone, and reads an instant in the given zone', () => {
    expect(formatHijri('2026-11-27', 'en', 'long', 'Pacific/Kiritimati')).toBe('Jumada II 17, 1448 AH');
    // 22:30 UTC on the 26th is already the 27th in Riyadh (UTC+3).
    expect(formatHijri(new Date('2026-11-26T22:30:00Z'), 'en', 'long', 'Asia/Riyadh')).toBe('Jumada II 17, 1448 AH');
    expect(formatHijri(new Date('2026-11-26T22:30:00Z'), 'en', 'long', 'UTC')).toBe('Jumada II 16, 1448 AH');
  });

  it('answers an empty string for a value that is not a date', () => {
    expect(formatHijri('not a date', 'en')).toBe('');
  });
});
