import { describe, expect, it } from 'vitest';
import arSeo from '@/locales/ar/seo.json';
import enSeo from '@/locales/en/seo.json';
import { publicSiteHead, type PublicSiteSeoFields } from './public-site-head';

const ORIGIN = 'https://nuzl.example';

function site(overrides: Partial<PublicSiteSeoFields> = {}): PublicSiteSeoFields {
  return {
    slug: 'demo',
    name: 'Nuzl Demo Stays',
    name_ar: 'نُزُل للإقامات',
    description: 'Handpicked villas, chalets and apartments across Saudi Arabia.',
    description_ar: 'فلل وشاليهات وشقق مختارة في أنحاء المملكة.',
    about: 'From the Red Sea to AlUla.',
    about_ar: 'من البحر الأحمر إلى العلا.',
    logo_url: 'https://abc.supabase.co/storage/v1/object/public/org-assets/1/logo.png',
    contact_email: 'stay@demo.example',
    phone: '+966112345678',
    address: 'King Fahd Road, Al Olaya, Riyadh 12214',
    default_language: 'ar',
    ...overrides,
  };
}

describe('publicSiteHead', () => {
  it('titles and describes the page in its language', () => {
    const ar = publicSiteHead({ site: site(), language: 'ar', origin: ORIGIN });
    const en = publicSiteHead({ site: site(), language: 'en', origin: ORIGIN });
    expect(ar.title).toBe('نُزُل للإقامات — احجز إقامتك مباشرة');
    expect(en.title).toBe('Nuzl Demo Stays — book your stay directly');
    expect(ar.description).toBe('فلل وشاليهات وشقق مختارة في أنحاء المملكة.');
    expect(en.description).toBe('Handpicked villas, chalets and apartments across Saudi Arabia.');
  });

  it('falls back to the about text, then to a generic line, and to English where Arabic is missing', () => {
    const noDescription = site({ description: null, description_ar: '  ' });
    expect(publicSiteHead({ site: noDescription, language: 'ar', origin: ORIGIN }).description).toBe(
      'من البحر الأحمر إلى العلا.',
    );
    const bare = site({ name_ar: null, description: null, description_ar: null, about: null, about_ar: null });
    const head = publicSiteHead({ site: bare, language: 'ar', origin: ORIGIN });
    expect(head.title).toBe('Nuzl Demo Stays — احجز إقامتك مباشرة');
    expect(head.description).toBe(arSeo.public_site.description.replace('{{name}}', 'Nuzl Demo Stays'));
    expect(head.jsonLd[0]).not.toHaveProperty('description');
    expect(head.jsonLd[0]).not.toHaveProperty('alternateName');
  });

  it('cuts a long description at a word for the meta tags, keeping it whole in JSON-LD', () => {
    const long = `${'Quiet family villas with private pools and gardens. '.repeat(6)}End.`;
    const head = publicSiteHead({ site: site({ description: long }), language: 'en', origin: ORIGIN });
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.description.endsWith('…')).toBe(true);
    expect(head.jsonLd[0]?.description).toBe(long.trim());
  });

  it("makes the default language's bare address canonical and links both languages", () => {
    const alternates = {
      en: `${ORIGIN}/org/demo?lang=en`,
      ar: `${ORIGIN}/org/demo`,
      'x-default': `${ORIGIN}/org/demo`,
    };
    const ar = publicSiteHead({ site: site(), language: 'ar', origin: ORIGIN });
    const en = publicSiteHead({ site: site(), language: 'en', origin: ORIGIN });
    expect(ar.canonical).toBe(`${ORIGIN}/org/demo`);
    expect(en.canonical).toBe(`${ORIGIN}/org/demo?lang=en`);
    expect(ar.alternates).toEqual(alternates);
    expect(en.alternates).toEqual(alternates);

    const english = publicSiteHead({ site: site({ default_language: 'en' }), language: 'ar', origin: ORIGIN });
    expect(english.canonical).toBe(`${ORIGIN}/org/demo?lang=ar`);
    expect(english.alternates).toEqual({
      en: `${ORIGIN}/org/demo`,
      ar: `${ORIGIN}/org/demo?lang=ar`,
      'x-default': `${ORIGIN}/org/demo`,
    });
  });

  it('describes the organisation as a LodgingBusiness', () => {
    const head = publicSiteHead({ site: site(), language: 'en', origin: ORIGIN, averageRating: 4.666, reviewCount: 9 });
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LodgingBusiness',
        '@id': `${ORIGIN}/org/demo#business`,
        name: 'Nuzl Demo Stays',
        alternateName: 'نُزُل للإقامات',
        description: 'Handpicked villas, chalets and apartments across Saudi Arabia.',
        url: `${ORIGIN}/org/demo?lang=en`,
        telephone: '+966112345678',
        email: 'stay@demo.example',
        address: { '@type': 'PostalAddress', streetAddress: 'King Fahd Road, Al Olaya, Riyadh 12214' },
        logo: site().logo_url,
        image: site().logo_url,
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.67,
          reviewCount: 9,
          bestRating: 5,
          worstRating: 1,
        },
      },
    ]);
  });

  it('adds aggregateRating only for published reviews with a valid mean', () => {
    const rated = (averageRating: number | string | null, reviewCount: number | null) =>
      publicSiteHead({ site: site(), language: 'ar', origin: ORIGIN, averageRating, reviewCount }).jsonLd[0];
    expect(rated(null, 0)).not.toHaveProperty('aggregateRating');
    expect(rated(4.5, 0)).not.toHaveProperty('aggregateRating');
    expect(rated(null, 3)).not.toHaveProperty('aggregateRating');
    expect(rated(7, 3)).not.toHaveProperty('aggregateRating');
    expect(rated('4.50', 2)).toMatchObject({ aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
  });

  it('leaves out contact facts the site does not have', () => {
    const bare = site({ phone: null, contact_email: '', address: '  ', logo_url: null });
    const [business] = publicSiteHead({ site: bare, language: 'en', origin: ORIGIN }).jsonLd;
    for (const key of ['telephone', 'email', 'address', 'logo', 'image']) expect(business).not.toHaveProperty(key);
  });

  it("previews with a given photo, else the logo (small card), else Nuzl's card", () => {
    const photo = { url: 'https://cdn.example/villa.jpg', alt: 'Villa' };
    const withPhoto = publicSiteHead({ site: site(), language: 'en', origin: ORIGIN, image: photo });
    expect(withPhoto.twitter).toMatchObject({ card: 'summary_large_image', image: photo.url });
    expect(withPhoto.jsonLd[0]).toMatchObject({ image: photo.url, logo: site().logo_url });

    const withLogo = publicSiteHead({ site: site(), language: 'ar', origin: ORIGIN });
    expect(withLogo.openGraph.image).toMatchObject({ url: site().logo_url, alt: 'شعار نُزُل للإقامات' });
    expect(withLogo.twitter.card).toBe('summary');

    const none = publicSiteHead({ site: site({ logo_url: null }), language: 'en', origin: ORIGIN });
    expect(none.openGraph.image).toMatchObject({ url: `${ORIGIN}/og-image.png`, alt: enSeo.landing.image_alt });
    expect(none.twitter.card).toBe('summary_large_image');
  });

  it('writes no relative URL without an origin', () => {
    const head = publicSiteHead({ site: site({ logo_url: null }), language: 'en', origin: null });
    expect(head.canonical).toBeNull();
    expect(head.alternates).toBeNull();
    expect(head.openGraph.image).toBeNull();
    expect(head.jsonLd[0]).not.toHaveProperty('url');
    expect(head.jsonLd[0]).not.toHaveProperty('@id');
  });
});
