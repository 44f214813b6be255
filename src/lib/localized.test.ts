import { describe, expect, it } from 'vitest';
import { localized } from './localized';

describe('localized', () => {
  it('gives Arabic readers the Arabic text', () => {
    expect(localized('ar', 'Olaya Skyline Apartment', 'شقة العليا سكاي لاين')).toBe('شقة العليا سكاي لاين');
  });

  it('gives English readers the default text even when there is Arabic', () => {
    expect(localized('en', 'Olaya Skyline Apartment', 'شقة العليا سكاي لاين')).toBe('Olaya Skyline Apartment');
  });

  it('falls back to the default text when the Arabic one is missing or blank', () => {
    expect(localized('ar', 'Checkout villa', null)).toBe('Checkout villa');
    expect(localized('ar', 'Checkout villa', undefined)).toBe('Checkout villa');
    expect(localized('ar', 'Checkout villa', '  ')).toBe('Checkout villa');
  });

  it('keeps a missing default text missing', () => {
    expect(localized('ar', null, null)).toBeNull();
    expect(localized('en', null, 'وصف')).toBeNull();
    expect(localized('ar', null, 'وصف')).toBe('وصف');
  });
});
