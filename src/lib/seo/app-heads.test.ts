import { describe, expect, it } from 'vitest';
import arSeo from '@/locales/ar/seo.json';
import enSeo from '@/locales/en/seo.json';
import { landingHead, loginHead, notFoundHead } from './app-heads';

const ORIGIN = 'https://nuzl.example';

describe('landingHead', () => {
  it('gives each language its own title, description, canonical and the same hreflang set', () => {
    const en = landingHead('en', ORIGIN);
    const ar = landingHead('ar', `${ORIGIN}/`);
    expect(en.title).toBe(enSeo.landing.title);
    expect(ar.title).toBe(arSeo.landing.title);
    expect(ar.description).toBe(arSeo.landing.description);
    expect(en.canonical).toBe(`${ORIGIN}/`);
    expect(ar.canonical).toBe(`${ORIGIN}/ar`);
    const alternates = { en: `${ORIGIN}/`, ar: `${ORIGIN}/ar`, 'x-default': `${ORIGIN}/` };
    expect(en.alternates).toEqual(alternates);
    expect(ar.alternates).toEqual(alternates);
  });

  it('describes a large Open Graph / Twitter card with absolute URLs and the locale pair', () => {
    const ar = landingHead('ar', ORIGIN);
    expect(ar.openGraph).toMatchObject({
      type: 'website',
      siteName: 'نُزُل',
      url: `${ORIGIN}/ar`,
      locale: 'ar_AR',
      alternateLocales: ['en_US'],
      image: {
        url: `${ORIGIN}/og-image.png`,
        width: 1200,
        height: 630,
        type: 'image/png',
        alt: arSeo.landing.image_alt,
      },
    });
    expect(ar.twitter).toEqual({
      card: 'summary_large_image',
      title: arSeo.landing.title,
      description: arSeo.landing.description,
      image: `${ORIGIN}/og-image.png`,
      imageAlt: arSeo.landing.image_alt,
    });
  });

  it('describes Nuzl as an Organization and a WebSite', () => {
    const [organization, website] = landingHead('en', ORIGIN, { contactEmail: 'sales@nuzl.example' }).jsonLd;
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: 'Nuzl',
      alternateName: 'نُزُل',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo-512.png`,
      description: enSeo.landing.description,
      email: 'sales@nuzl.example',
    });
    expect(website).toMatchObject({ '@type': 'WebSite', url: `${ORIGIN}/`, name: 'Nuzl', inLanguage: 'en' });
    expect(landingHead('ar', ORIGIN).jsonLd[0]).toMatchObject({ name: 'نُزُل', alternateName: 'Nuzl' });
  });

  it('writes no URL it cannot make absolute when the origin is unknown', () => {
    const head = landingHead('en', undefined);
    expect(head.canonical).toBeNull();
    expect(head.alternates).toBeNull();
    expect(head.openGraph.url).toBeNull();
    expect(head.openGraph.image).toBeNull();
    expect(head.twitter).toMatchObject({ card: 'summary', image: null });
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).not.toHaveProperty('url');
    expect(head.jsonLd[0]).not.toHaveProperty('logo');
    expect(head.jsonLd[0]).not.toHaveProperty('email');
    expect(JSON.stringify(head)).not.toMatch(/"\/(og|logo)/);
  });
});

describe('loginHead', () => {
  it('has sign-in texts and /login ↔ /ar/login alternates', () => {
    const head = loginHead('ar', ORIGIN);
    expect(head.title).toBe(arSeo.login.title);
    expect(head.canonical).toBe(`${ORIGIN}/ar/login`);
    expect(head.alternates).toEqual({
      en: `${ORIGIN}/login`,
      ar: `${ORIGIN}/ar/login`,
      'x-default': `${ORIGIN}/login`,
    });
    expect(head.jsonLd).toEqual([]);
    expect(head.robots).toBeNull();
  });
});

describe('notFoundHead', () => {
  it('asks not to be indexed and names no canonical', () => {
    const head = notFoundHead('en');
    expect(head).toMatchObject({ robots: 'noindex', canonical: null, alternates: null, title: enSeo.not_found.title });
  });
});
