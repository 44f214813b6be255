import { describe, expect, it } from 'vitest';
import { landingHead } from './app-heads';
import { publicSiteHead, type PublicSiteSeoFields } from './public-site-head';
import { injectHeadHtml, renderHeadHtml } from './render';

const ORIGIN = 'https://nuzl.example';

const hostile: PublicSiteSeoFields = {
  slug: 'demo',
  name: 'Tom & "Jerry" <Stays>',
  name_ar: null,
  description: `Best '</script><script>alert(1)</script>' villas & chalets`,
  description_ar: null,
  logo_url: 'https://cdn.example/logo.png?a=1&b="2"',
  contact_email: null,
  phone: null,
  address: 'Line\u2028break',
  default_language: 'en',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
}

describe('renderHeadHtml', () => {
  it('writes title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD', () => {
    const html = renderHeadHtml(landingHead('ar', ORIGIN));
    const doc = parse(html);
    expect(doc.title).toBe('نُزُل — إدارة الإيجارات قصيرة المدى للمضيفين في السعودية');
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${ORIGIN}/ar`);
    const hreflang = Array.from(doc.querySelectorAll('link[rel=alternate]')).map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(hreflang).toEqual([
      ['en', `${ORIGIN}/`],
      ['ar', `${ORIGIN}/ar`],
      ['x-default', `${ORIGIN}/`],
    ]);
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${ORIGIN}/og-image.png`);
    expect(doc.querySelector('meta[property="og:locale:alternate"]')?.getAttribute('content')).toBe('en_US');
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(2);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toMatchObject({ '@type': 'Organization', name: 'نُزُل' });
    // Every tag carries its key, so the client can take it over.
    expect(doc.head.querySelectorAll('[data-seo]')).toHaveLength(doc.head.children.length - 1);
  });

  it('escapes what a site owner typed, in attributes, the title and JSON-LD', () => {
    const head = publicSiteHead({ site: hostile, language: 'en', origin: ORIGIN });
    const html = renderHeadHtml(head);
    expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;Stays&gt; — book your stay directly</title>');
    expect(html).not.toMatch(/<\/script><script>alert/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('\u2028');
    const doc = parse(html);
    expect(doc.title).toBe('Tom & "Jerry" <Stays> — book your stay directly');
    expect(doc.querySelector('meta[name=description]')?.getAttribute('content')).toBe(head.description);
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(hostile.logo_url);
    const data = JSON.parse(doc.querySelector('script')?.textContent ?? '') as Record<string, unknown>;
    expect(data.description).toBe(hostile.description);
    expect(data.address).toEqual({ '@type': 'PostalAddress', streetAddress: 'Line\u2028break' });
  });

  it('writes only tags that can be right when the origin is unknown', () => {
    const html = renderHeadHtml(landingHead('en', undefined));
    expect(html).not.toMatch(/rel="(canonical|alternate)"/);
    expect(html).not.toMatch(/og:(url|image)|twitter:image/);
    expect(html).toContain('<meta name="twitter:card" content="summary" data-seo="name:twitter:card" />');
  });
});

describe('injectHeadHtml', () => {
  const page = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Old description"
    />
    <title>Nuzl</title>
    <script>/* language */</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

  it("replaces the page's title and description, keeping everything else", () => {
    const out = injectHeadHtml(page, landingHead('en', ORIGIN));
    expect(out).not.toContain('Old description');
    expect(out).not.toContain('<title>Nuzl</title>');
    expect(out).toContain('<meta charset="UTF-8" />');
    expect(out).toContain('<script>/* language */</script>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name=description]')).toHaveLength(1);
    expect(doc.querySelector('#root')).not.toBeNull();
  });

  it('is idempotent: injecting twice leaves one set of tags', () => {
    const once = injectHeadHtml(page, landingHead('en', ORIGIN));
    const twice = injectHeadHtml(once, landingHead('ar', ORIGIN));
    const doc = new DOMParser().parseFromString(twice, 'text/html');
    expect(doc.querySelectorAll('link[rel=canonical]')).toHaveLength(1);
    expect(doc.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${ORIGIN}/ar`);
  });

  it('refuses a page without a head', () => {
    expect(() => injectHeadHtml('<p>hi</p>', landingHead('en', ORIGIN))).toThrow(/<\/head>/);
  });
});
