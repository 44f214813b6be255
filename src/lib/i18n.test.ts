import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from './i18n';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('detectLanguage (SPEC §1)', () => {
  it('uses a stored en or ar', () => {
    expect(detectLanguage(storage('ar'), ['en-US'])).toBe('ar');
    expect(detectLanguage(storage('en'), ['ar-SA'])).toBe('en');
  });
  it('ignores anything else that is stored', () => {
    expect(detectLanguage(storage('es'), ['en-US'])).toBe('en');
    expect(detectLanguage(storage('AR'), ['en-US'])).toBe('en');
    expect(detectLanguage(storage('ar-SA'), ['en-GB'])).toBe('en');
  });
  it('falls back to the browser: Arabic when it starts with ar, else English', () => {
    expect(detectLanguage(storage(null), ['ar-SA', 'en'])).toBe('ar');
    expect(detectLanguage(storage(null), ['ar'])).toBe('ar');
    expect(detectLanguage(storage(null), ['fr-FR', 'ar'])).toBe('en');
    expect(detectLanguage(storage(null), [])).toBe('en');
    expect(detectLanguage(null, ['AR-ae'])).toBe('ar');
  });
  it('survives storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(detectLanguage(throwing, ['ar-EG'])).toBe('ar');
  });
});

describe('changeLanguage', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('sets <html lang dir> at once, translates, and persists', async () => {
    await changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(i18n.t('not_found.title')).toBe('الصفحة غير موجودة');

    await changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(i18n.t('not_found.title')).toBe('Page not found');
  });
});

describe('Arabic plurals', () => {
  it('resolves all six Arabic plural forms', () => {
    const keys = ['zero', 'one', 'two', 'few', 'many', 'other'].map((form) =>
      i18n.exists(`game:moves_${form}`, { lng: 'ar' }),
    );
    expect(keys).toEqual([true, true, true, true, true, true]);
    expect(i18n.t('game:moves', { lng: 'ar', count: 0 })).toBe('لا توجد محاولات');
    expect(i18n.t('game:moves', { lng: 'ar', count: 2 })).toBe('محاولتان');
    expect(i18n.t('game:moves', { lng: 'ar', count: 3 })).toBe('3 محاولات');
    expect(i18n.t('game:moves', { lng: 'ar', count: 11 })).toBe('11 محاولة');
    expect(i18n.t('game:moves', { lng: 'en', count: 1 })).toBe('1 move');
  });
});
