/**
 * The `sitemap` edge function through the local stack, called as a crawler calls it (no key, no
 * JWT): XML of the landing page and every enabled public site, with the same canonical URLs and
 * hreflang alternates as the pages' own head tags (src/lib/seo), and never a disabled site.
 */
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingHead, publicSiteHead } from '../../src/lib/seo';
import { loadConfig } from '../local/config';
import { createTestStack, type TestStack } from './helpers/test-stack';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** The local stack gives functions SITE_URL = config.toml's [auth] site_url. */
const ORIGIN = new URL(loadConfig(process.cwd()).auth.site_url as string).origin;

interface Entry {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

function entriesOf(xml: string): Entry[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement!;
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  return Array.from(root.getElementsByTagNameNS(SITEMAP_NS, 'url')).map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!,
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
    alternates: Object.fromEntries(
      Array.from(url.getElementsByTagNameNS(XHTML_NS, 'link')).map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    ),
  }));
}

let stack: TestStack;
let response: Response;
let entries: Entry[];

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  // `second` is switched off before the first call (the function keeps its answer for minutes).
  await stack.db.query(`update public.public_sites set enabled = false where slug = 'second'`);
  response = await fetch(`${stack.apiUrl}/functions/v1/sitemap`);
  entries = entriesOf(await response.clone().text());
});
afterAll(() => stack?.stop());

describe('sitemap (verify_jwt = false)', () => {
  it('answers a caller without any key with cacheable XML', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('lists the landing page in both languages with the alternates its head names', () => {
    expect(entries.slice(0, 2).map((entry) => entry.loc)).toEqual([`${ORIGIN}/`, `${ORIGIN}/ar`]);
    for (const entry of entries.slice(0, 2)) expect(entry.alternates).toEqual(landingHead('en', ORIGIN).alternates);
  });

  it("lists an enabled site in both languages with its page's canonical, alternates and lastmod", async () => {
    type Row = Parameters<typeof publicSiteHead>[0]['site'] & { updated_at: Date | string };
    const { rows } = await stack.db.query<Row>(
      `select slug, name, name_ar, description, description_ar, logo_url, contact_email, phone, address,
              default_language, updated_at
         from public.public_sites where slug = 'demo'`,
    );
    const site = rows[0]!;
    const heads = (['ar', 'en'] as const).map((language) => publicSiteHead({ site, language, origin: ORIGIN }));
    const demo = entries.filter((entry) => entry.loc.startsWith(`${ORIGIN}/org/demo`));
    expect(demo.map((entry) => entry.loc).sort()).toEqual(heads.map((head) => head.canonical).sort());
    for (const entry of demo) {
      expect(entry.alternates).toEqual(heads[0]!.alternates);
      expect(entry.lastmod).toBe(new Date(site.updated_at).toISOString());
    }
  });

  it('never lists a disabled site', () => {
    expect(entries.some((entry) => entry.loc.includes('/org/second'))).toBe(false);
    expect(entries.some((entry) => Object.values(entry.alternates).some((href) => href.includes('second')))).toBe(
      false,
    );
  });

  it('reads what visitors may read: the anon role sees no disabled site even without the enabled filter', async () => {
    const { data, error } = await stack
      .client('anon')
      .from('public_sites')
      .select('slug, updated_at, default_language');
    expect(error).toBeNull();
    expect(data?.map((row) => row.slug)).toEqual(['demo']);
  });

  it('is served to supabase-js callers as well, and refuses writes', async () => {
    const { data, error } = await stack.client('anon').functions.invoke('sitemap', { method: 'GET' });
    expect(error).toBeNull();
    expect(String(data)).toContain(`<loc>${ORIGIN}/org/demo</loc>`);
    const post = await fetch(`${stack.apiUrl}/functions/v1/sitemap`, { method: 'POST' });
    expect(post.status).toBe(405);
    await post.body?.cancel();
  });
});
