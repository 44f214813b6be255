import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@/domain/units';
import { CITIES, normalizeSearch, searchCities } from './cities';

describe('CITIES', () => {
  it('covers at least 40 Saudi and Gulf cities with both names, a region and valid coordinates', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(40);
    expect(CITIES.filter((city) => city.country === 'SA').length).toBeGreaterThanOrEqual(30);
    expect(new Set(CITIES.map((city) => city.id)).size).toBe(CITIES.length);
    for (const city of CITIES) {
      expect(city.en).toMatch(/^[A-Za-z][A-Za-z '-]+$/);
      expect(city.ar).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(city.regionEn && city.regionAr).toBeTruthy();
      expect(COUNTRIES).toContain(city.country);
      // The Gulf, the Levant and Egypt lie within these bounds.
      expect(city.lat).toBeGreaterThan(12);
      expect(city.lat).toBeLessThan(35);
      expect(city.lng).toBeGreaterThan(25);
      expect(city.lng).toBeLessThan(60);
    }
  });
});

describe('normalizeSearch', () => {
  it('folds case, the article, taa marbuta, hamza forms and diacritics', () => {
    expect(normalizeSearch('Al-Ula')).toBe(normalizeSearch('AlUla'));
    expect(normalizeSearch('جده')).toBe(normalizeSearch('جدة'));
    expect(normalizeSearch('الأحساء')).toBe(normalizeSearch('الاحساء'));
    expect(normalizeSearch('عَمّان')).toBe(normalizeSearch('عمان'));
    expect(normalizeSearch('  RIYADH ')).toBe(normalizeSearch('riyadh'));
  });
});

describe('searchCities', () => {
  it('finds a city by its English or Arabic name, however it is spelled', () => {
    expect(searchCities('Jeddah')[0]?.id).toBe('jeddah');
    expect(searchCities('jedda')[0]?.id).toBe('jeddah');
    expect(searchCities('جدة')[0]?.id).toBe('jeddah');
    expect(searchCities('جده')[0]?.id).toBe('jeddah');
    expect(searchCities('العلا')[0]?.id).toBe('alula');
    expect(searchCities('al ula')[0]?.id).toBe('alula');
    expect(searchCities('الرياض')[0]?.id).toBe('riyadh');
  });

  it('puts exact and prefix matches before names that merely contain the text', () => {
    const results = searchCities('dam').map((city) => city.id);
    expect(results[0]).toBe('dammam');
  });

  it('matches regions after names and honours the limit', () => {
    const eastern = searchCities('Eastern Province', 50);
    expect(eastern.map((city) => city.id)).toEqual(expect.arrayContaining(['dammam', 'khobar', 'dhahran', 'jubail']));
    expect(searchCities('a', 3)).toHaveLength(3);
  });

  it('returns nothing for an empty query or an unknown place', () => {
    expect(searchCities('   ')).toEqual([]);
    expect(searchCities('Atlantis')).toEqual([]);
  });
});
