/**
 * robots.txt for the build and the dev server (issue 12). Its `Sitemap:` line must be absolute,
 * and the sitemap is the `sitemap` edge function of the Supabase project this build talks to, so
 * the file is written from VITE_SUPABASE_URL at build time rather than kept in public/:
 *   Sitemap: https://<project-ref>.supabase.co/functions/v1/sitemap
 * (Google and Bing accept a sitemap on another host when robots.txt names it.) The rules
 * themselves are src/lib/seo/robots.ts. Without VITE_SUPABASE_URL the line is left out.
 */
import type { Plugin } from 'vite';
import { buildRobotsTxt, sitemapUrlFor } from '../../src/lib/seo/robots';

export function robotsTxt(): Plugin {
  let text = buildRobotsTxt({ sitemapUrl: null });
  let ssr = false;
  return {
    name: 'nuzl:robots-txt',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      const supabaseUrl = (config.env as Record<string, string | undefined>).VITE_SUPABASE_URL;
      const sitemapUrl = sitemapUrlFor(supabaseUrl);
      if (!sitemapUrl && config.command === 'build' && !ssr) {
        config.logger.warn('robots.txt: VITE_SUPABASE_URL is not set, so it names no sitemap');
      }
      text = buildRobotsTxt({ sitemapUrl });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/robots.txt') return next();
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(text);
      });
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: 'robots.txt', source: text });
    },
  };
}
