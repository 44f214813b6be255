import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, sitemapUrlFor } from './robots';

describe('robots.txt', () => {
  const text = buildRobotsTxt({ sitemapUrl: 'https://abc.supabase.co/functions/v1/sitemap' });
  const rules = text.split('\n');

  it('allows the public pages and keeps crawlers out of the app and its utility pages', () => {
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Allow: /');
    for (const rule of [
      '/dashboard$',
      '/dashboard/',
      '/super-admin$',
      '/super-admin/',
      '/review/',
      '/auth-diagnostics$',
      '/reset-password$',
      '/verify$',
    ]) {
      expect(rules).toContain(`Disallow: ${rule}`);
    }
    expect(text).not.toMatch(/Disallow: \/(org|login|ar)\b/);
    expect(text).not.toMatch(/Disallow: \/\s*$/m);
  });

  it('points to the sitemap with an absolute URL, or leaves the line out', () => {
    expect(rules).toContain('Sitemap: https://abc.supabase.co/functions/v1/sitemap');
    expect(buildRobotsTxt({ sitemapUrl: null })).not.toContain('Sitemap:');
    expect(text.endsWith('\n')).toBe(true);
  });

  it("finds the sitemap function of a Supabase project's URL", () => {
    expect(sitemapUrlFor('https://abc.supabase.co/')).toBe('https://abc.supabase.co/functions/v1/sitemap');
    expect(sitemapUrlFor('http://127.0.0.1:54321')).toBe('http://127.0.0.1:54321/functions/v1/sitemap');
    expect(sitemapUrlFor('')).toBeNull();
    expect(sitemapUrlFor(undefined)).toBeNull();
    expect(sitemapUrlFor('/relative')).toBeNull();
  });
});
