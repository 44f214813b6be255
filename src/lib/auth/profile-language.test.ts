import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { applyProfileLanguage, uiLanguageOf } from './profile-language';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('uiLanguageOf', () => {
  it('shows Arabic for Arabic and English for English and for the untranslated Spanish', () => {
    expect(uiLanguageOf('ar')).toBe('ar');
    expect(uiLanguageOf('en')).toBe('en');
    expect(uiLanguageOf('es')).toBe('en');
    expect(uiLanguageOf(null)).toBeNull();
    expect(uiLanguageOf('fr')).toBeNull();
  });
});

describe('applyProfileLanguage', () => {
  it("switches the interface to the profile's language", async () => {
    const calls = stubRest(() => json([{ preferred_language: 'ar' }]));
    await applyProfileLanguage('user-1');
    expect(currentLanguage()).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(calls[0]!.url.searchParams.get('user_id')).toBe('eq.user-1');
  });

  it('Spanish shows English', async () => {
    await changeLanguage('ar');
    stubRest(() => json([{ preferred_language: 'es' }]));
    await applyProfileLanguage('user-1');
    expect(currentLanguage()).toBe('en');
  });

  it('leaves the language as it is without a profile or when the profile cannot be read', async () => {
    await changeLanguage('ar');
    stubRest(() => json([]));
    await applyProfileLanguage('user-1');
    expect(currentLanguage()).toBe('ar');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubRest(() => json({ message: 'down' }, 503));
    await applyProfileLanguage('user-1');
    expect(currentLanguage()).toBe('ar');
  });
});
