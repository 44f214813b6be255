import { describe, expect, it } from 'vitest';
import arPublicSite from '@/locales/ar/public-site.json';
import enPublicSite from '@/locales/en/public-site.json';
import { createTranslate } from './translate';

describe('createTranslate', () => {
  const en = createTranslate('en', { 'public-site': enPublicSite, common: { app_name: 'Nuzl' } }, 'public-site');
  const ar = createTranslate('ar', { 'public-site': arPublicSite }, 'public-site');

  it('reads nested keys and other namespaces', () => {
    expect(en('unit_types.villa')).toBe(enPublicSite.unit_types.villa);
    expect(en('common:app_name')).toBe('Nuzl');
  });

  it('interpolates values and leaves unknown placeholders', () => {
    expect(en('per_night', { price: 'SAR 650' })).toBe(enPublicSite.per_night.replace('{{price}}', 'SAR 650'));
    expect(createTranslate('en', { n: { a: 'Hi {{who}}' } }, 'n')('a')).toBe('Hi {{who}}');
  });

  it('chooses Arabic plural forms as i18next does (zero, one, two, few, many, other)', () => {
    expect(ar('guests', { count: 0, formatted: '0' })).toBe(arPublicSite.guests_zero);
    expect(ar('guests', { count: 1, formatted: '1' })).toBe(arPublicSite.guests_one);
    expect(ar('guests', { count: 2, formatted: '2' })).toBe(arPublicSite.guests_two);
    expect(ar('guests', { count: 5, formatted: '5' })).toBe(arPublicSite.guests_few.replace('{{formatted}}', '5'));
    expect(ar('guests', { count: 11, formatted: '11' })).toBe(arPublicSite.guests_many.replace('{{formatted}}', '11'));
    expect(ar('guests', { count: 100, formatted: '100' })).toBe(
      arPublicSite.guests_other.replace('{{formatted}}', '100'),
    );
    expect(en('guests', { count: 1, formatted: '1' })).toBe(enPublicSite.guests_one.replace('{{formatted}}', '1'));
    expect(en('guests', { count: 3, formatted: '3' })).toBe(enPublicSite.guests_other.replace('{{formatted}}', '3'));
  });

  it('answers defaultValue, else the key, for a missing key', () => {
    expect(en('unit_types.yurt', { defaultValue: 'yurt' })).toBe('yurt');
    expect(en('nothing.here')).toBe('nothing.here');
  });
});
