import { beforeEach, describe, expect, it } from 'vitest';
import { landingHead, notFoundHead } from './app-heads';
import { applyHead } from './apply';
import { publicSiteHead, type PublicSiteSeoFields } from './public-site-head';
import { renderHeadHtml } from './render';

const ORIGIN = 'https://nuzl.example';
const demo: PublicSiteSeoFields = {
  slug: 'demo',
  name: 'Demo Stays',
  name_ar: 'إقامات تجريبية',
  description: 'Villas',
  description_ar: 'فلل',
  logo_url: null,
  contact_email: null,
  phone: '+966112345678',
  address: null,
  default_language: 'ar',
};

function tagsOf(doc: Document) {
  return Array.from(doc.head.children).map((element) => element.outerHTML);
}

beforeEach(() => {
  document.head.innerHTML =
    '<meta charset="UTF-8"><meta name="description" content="Static"><meta name="theme-color" content="#1f5f5a"><title>Nuzl</title>';
});

describe('applyHead', () => {
  it('sets the title and takes over the static description instead of adding a second', () => {
    applyHead(publicSiteHead({ site: demo, language: 'ar', origin: ORIGIN }));
    expect(document.title).toBe('إقامات تجريبية — احجز إقامتك مباشرة');
    const descriptions = document.head.querySelectorAll('meta[name=description]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]?.getAttribute('content')).toBe('فلل');
    expect(document.head.querySelector('meta[name=theme-color]')?.getAttribute('content')).toBe('#1f5f5a');
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${ORIGIN}/org/demo`);
    expect(document.head.querySelectorAll('link[rel=alternate][hreflang]')).toHaveLength(3);
    const data: unknown = JSON.parse(
      document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '',
    );
    expect(data).toMatchObject({ '@type': 'LodgingBusiness', name: 'إقامات تجريبية', telephone: '+966112345678' });
  });

  it('is idempotent, and a language switch updates the same tags', () => {
    applyHead(publicSiteHead({ site: demo, language: 'ar', origin: ORIGIN }));
    const first = tagsOf(document);
    applyHead(publicSiteHead({ site: demo, language: 'ar', origin: ORIGIN }));
    expect(tagsOf(document)).toEqual(first);

    applyHead(publicSiteHead({ site: demo, language: 'en', origin: ORIGIN }));
    expect(document.head.children).toHaveLength(first.length);
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${ORIGIN}/org/demo?lang=en`);
    expect(document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('en_US');
  });

  it('removes the tags a later head does not have, and leaves tags it does not own', () => {
    const foreign = document.createElement('script');
    foreign.type = 'application/ld+json';
    foreign.textContent = '{"@type":"Thing"}';
    document.head.appendChild(foreign);
    applyHead(publicSiteHead({ site: demo, language: 'ar', origin: ORIGIN, averageRating: 5, reviewCount: 1 }));
    applyHead(notFoundHead('ar'));
    expect(document.head.querySelector('link[rel=canonical]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel=alternate]')).toHaveLength(0);
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.head.querySelector('script')?.textContent).toBe('{"@type":"Thing"}');
  });

  it('adopts the tags a prerendered page already has', () => {
    const head = landingHead('en', ORIGIN);
    document.head.innerHTML = `<meta charset="UTF-8">${renderHeadHtml(head)}`;
    const before = tagsOf(document);
    applyHead(head);
    expect(tagsOf(document)).toEqual(before);
    applyHead(landingHead('ar', ORIGIN));
    expect(document.head.children).toHaveLength(before.length);
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${ORIGIN}/ar`);
  });
});
