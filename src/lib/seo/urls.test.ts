import { describe, expect, it } from 'vitest';
import { landingPath, loginPath, normalizeOrigin, publicSiteLanguage, publicSitePath } from './urls';

describe('normalizeOrigin', () => {
  it('keeps scheme, host and port of an http(s) URL', () => {
    expect(normalizeOrigin('https://nuzl.sa')).toBe('https://nuzl.sa');
    expect(normalizeOrigin(' https://nuzl.sa/some/path/ ')).toBe('https://nuzl.sa');
    expect(normalizeOrigin('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173');
  });

  it('refuses anything else', () => {
    for (const value of [undefined, null, '', '  ', 'nuzl.sa', '/relative', 'javascript:alert(1)', 'file:///x']) {
      expect(normalizeOrigin(value)).toBeNull();
    }
  });
});

describe('paths per language', () => {
  it('puts Arabic under /ar for the landing and sign-in pages', () => {
    expect([landingPath('en'), landingPath('ar')]).toEqual(['/', '/ar']);
    expect([loginPath('en'), loginPath('ar')]).toEqual(['/login', '/ar/login']);
  });

  it("gives a site's default language the bare address and the other ?lang=", () => {
    expect(publicSitePath('demo', 'ar', 'ar')).toBe('/org/demo');
    expect(publicSitePath('demo', 'en', 'ar')).toBe('/org/demo?lang=en');
    expect(publicSitePath('demo', 'en', 'en')).toBe('/org/demo');
    expect(publicSitePath('demo', 'ar', 'en')).toBe('/org/demo?lang=ar');
  });

  it('reads ?lang, falling back to the default for anything else', () => {
    expect(publicSiteLanguage('?lang=en', 'ar')).toBe('en');
    expect(publicSiteLanguage('lang=ar&x=1', 'en')).toBe('ar');
    expect(publicSiteLanguage('', 'ar')).toBe('ar');
    expect(publicSiteLanguage('?lang=fr', 'en')).toBe('en');
  });
});
