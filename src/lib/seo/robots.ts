/**
 * robots.txt (issue 12): everything public may be crawled; the signed-in app, the super
 * administrator's area, guests' single-use review links, guests' invoice links and the auth utility pages may not.
 * `$` ends a rule at that exact path, so `/dashboard$` does not also block a `/dashboard-villas`
 * slug redirect; `/dashboard/` covers the pages below it.
 * Written at build time by scripts/vite-plugin-robots.ts, which knows the sitemap's URL.
 */
import { paths } from '../../config/paths';

export const ROBOTS_DISALLOW: readonly string[] = [
  `${paths.dashboard.root.path}$`,
  `${paths.dashboard.root.path}/`,
  `${paths.superAdmin.path}$`,
  `${paths.superAdmin.path}/`,
  `${paths.reviewLink.path.replace(':token', '')}`,
  `${paths.guestInvoice.path.replace(':token', '')}`,
  `${paths.authDiagnostics.path}$`,
  `${paths.resetPassword.path}$`,
  `${paths.verify.path}$`,
];

/** The sitemap edge function of a Supabase project (`https://<ref>.supabase.co` → …/functions/v1/sitemap). */
export function sitemapUrlFor(supabaseUrl: string | null | undefined): string | null {
  const trimmed = supabaseUrl?.trim().replace(/\/+$/, '');
  if (!trimmed || !/^https?:\/\/[^/]/i.test(trimmed)) return null;
  return `${trimmed}/functions/v1/sitemap`;
}

export function buildRobotsTxt({ sitemapUrl }: { sitemapUrl: string | null }): string {
  const lines = [
    '# Nuzl: public pages are open to crawlers; the app behind sign-in is not.',
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((rule) => `Disallow: ${rule}`),
  ];
  if (sitemapUrl) lines.push('', `Sitemap: ${sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}
