import { assert, assertEquals, assertMatch } from '../_shared/zatca/testing.ts';
import { buildSitemap, escapeXml, MAX_SITES, publicSitePath, type SitemapSite } from './sitemap.ts';

const ORIGIN = 'https://nuzl.example';

function urlBlocks(xml: string): string[] {
  return [...xml.matchAll(/<url>[\s\S]*?<\/url>/g)].map((match) => match[0]);
}

function alternatesOf(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
  );
}

Deno.test('an empty sitemap lists the landing page in both languages', () => {
  const xml = buildSitemap(ORIGIN, []);
  assertMatch(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
  );
  const blocks = urlBlocks(xml);
  assertEquals(blocks.length, 2);
  assertMatch(blocks[0]!, /<loc>https:\/\/nuzl.example\/<\/loc>/);
  assertMatch(blocks[1]!, /<loc>https:\/\/nuzl.example\/ar<\/loc>/);
  const landing = { en: `${ORIGIN}/`, ar: `${ORIGIN}/ar`, 'x-default': `${ORIGIN}/` };
  assertEquals(alternatesOf(blocks[0]!), landing);
  assertEquals(alternatesOf(blocks[1]!), landing);
  assert(!xml.includes('<lastmod>'), 'the landing page has no lastmod');
});

Deno.test("a site's two language versions, the default one at the bare address, with lastmod", () => {
  const sites: SitemapSite[] = [
    { slug: 'demo', updated_at: '2026-11-20T08:30:00.123456+00:00', default_language: 'ar' },
    { slug: 'second', updated_at: '2026-11-21T10:00:00+03:00', default_language: 'en' },
  ];
  const blocks = urlBlocks(buildSitemap(ORIGIN, sites));
  assertEquals(blocks.length, 6);
  const [demoEn, demoAr, secondEn, secondAr] = blocks.slice(2);
  assertMatch(
    demoAr!,
    /<loc>https:\/\/nuzl.example\/org\/demo<\/loc>\n {4}<lastmod>2026-11-20T08:30:00.123Z<\/lastmod>/,
  );
  assertMatch(demoEn!, /<loc>https:\/\/nuzl.example\/org\/demo\?lang=en<\/loc>\n {4}<lastmod>2026-11-20T08:30:00.123Z/);
  const demo = { en: `${ORIGIN}/org/demo?lang=en`, ar: `${ORIGIN}/org/demo`, 'x-default': `${ORIGIN}/org/demo` };
  assertEquals(alternatesOf(demoAr!), demo);
  assertEquals(alternatesOf(demoEn!), demo);
  assertMatch(
    secondEn!,
    /<loc>https:\/\/nuzl.example\/org\/second<\/loc>\n {4}<lastmod>2026-11-21T07:00:00.000Z<\/lastmod>/,
  );
  assertMatch(secondAr!, /<loc>https:\/\/nuzl.example\/org\/second\?lang=ar<\/loc>/);
  assertEquals(alternatesOf(secondAr!)['x-default'], `${ORIGIN}/org/second`);
});

Deno.test('escapes XML and leaves out a lastmod that is not a date', () => {
  assertEquals(escapeXml(`a&b<c>"d'`), 'a&#38;b&#60;c&#62;&#34;d&#39;');
  const xml = buildSitemap('https://x.example', [{ slug: 'a&b', updated_at: 'never', default_language: 'ar' }]);
  assert(xml.includes('<loc>https://x.example/org/a%26b</loc>'));
  assert(!xml.includes('<lastmod>'));
  assertEquals(publicSitePath('demo', 'ar', 'en'), '/org/demo?lang=ar');
});

Deno.test('stays within 50,000 URLs', () => {
  const many = Array.from({ length: MAX_SITES + 5 }, (_, i) => ({
    slug: `s${i}`,
    updated_at: '2026-11-20T00:00:00Z',
    default_language: 'ar',
  }));
  const count = buildSitemap(ORIGIN, many).split('<loc>').length - 1;
  assertEquals(count, 50_000);
});
