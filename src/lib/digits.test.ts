import { describe, expect, it } from 'vitest';
import { readTypedNumber, toWesternDigits } from './digits';

describe('toWesternDigits', () => {
  it('converts both Arabic-Indic digit systems and leaves the rest', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toWesternDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toWesternDigits('+٩٦٦ abc')).toBe('+966 abc');
  });
});

describe('readTypedNumber', () => {
  it.each([
    ['1250', 1250],
    [' 1,250.50 ', 1250.5],
    ['١٢٥٠', 1250],
    ['١٬٢٥٠٫٥', 1250.5],
    ['۱۲۵۰', 1250],
    ['-1', -1],
    ['0', 0],
    ['.5', 0.5],
  ])('%j → %d', (input, expected) => {
    expect(readTypedNumber(input)).toBe(expected);
  });

  it('reads blank as not given and anything else as not a number', () => {
    expect(readTypedNumber('')).toBeUndefined();
    expect(readTypedNumber('   ')).toBeUndefined();
    for (const input of ['abc', '12abc', '0x10', '1e3', '1.2.3', 'Infinity']) {
      expect(readTypedNumber(input)).toBeNaN();
    }
  });
});
