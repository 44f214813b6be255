// GET /functions/v1/sitemap: the sitemap of Nuzl's landing page and every enabled public site.
// Reads as the anon role (the public key, never a service key): RLS shows visitors enabled sites
// only, and the query asks for enabled ones as well. Absolute URLs start with SITE_URL (the app's
// public origin, a function secret on hosted projects; the local stack sets it from
// [auth] site_url). The built XML is kept in memory for a few minutes and sent with
// Cache-Control, so crawlers hitting it often cost the database one query per period.
import { corsHeaders } from '../_shared/cors.ts';
import { buildSitemap, MAX_SITES, type SitemapSite } from './sitemap.ts';

export interface SitemapDeps {
  env: (name: string) => string | undefined;
  fetch: typeof fetch;
  now: () => number;
}

/** How long one built sitemap is served from memory, and how long caches may keep it. */
export const MEMORY_SECONDS = 300;
export const CACHE_CONTROL = 'public, max-age=3600';
const PAGE = 1000;

function problem(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export function siteOrigin(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The project's public key: the legacy anon JWT, or the default new-style publishable key. */
export function publicKey(env: SitemapDeps['env']): string | null {
  const anon = env('SUPABASE_ANON_KEY');
  if (anon) return anon;
  try {
    const keys = JSON.parse(env('SUPABASE_PUBLISHABLE_KEYS') ?? '{}') as Record<string, string>;
    return keys.default ?? Object.values(keys)[0] ?? null;
  } catch {
    return null;
  }
}

/** Enabled sites, page by page (PostgREST answers at most max_rows per request). */
async function enabledSites(deps: SitemapDeps, supabaseUrl: string, key: string): Promise<SitemapSite[]> {
  const headers: Record<string, string> = { apikey: key, Accept: 'application/json' };
  // A publishable key (sb_publishable_…) is no JWT and goes in apikey only, as supabase-js sends it.
  if (key.split('.').length === 3) headers.Authorization = `Bearer ${key}`;
  const sites: SitemapSite[] = [];
  while (sites.length < MAX_SITES) {
    const query = new URLSearchParams({
      select: 'slug,updated_at,default_language',
      enabled: 'is.true',
      order: 'slug.asc',
      limit: String(Math.min(PAGE, MAX_SITES - sites.length)),
      offset: String(sites.length),
    });
    const response = await deps.fetch(`${supabaseUrl}/rest/v1/public_sites?${query}`, { headers });
    if (!response.ok) throw new Error(`public_sites: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as SitemapSite[];
    sites.push(...page);
    if (page.length < PAGE) break;
  }
  return sites;
}

export function createSitemapHandler(deps: SitemapDeps): (req: Request) => Promise<Response> {
  let kept: { xml: string; at: number } | null = null;

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return problem(405, 'method_not_allowed', 'Use GET', { Allow: 'GET, HEAD, OPTIONS' });
    }
    const origin = siteOrigin(deps.env('SITE_URL'));
    const supabaseUrl = deps.env('SUPABASE_URL')?.replace(/\/+$/, '');
    const key = publicKey(deps.env);
    if (!origin || !supabaseUrl || !key) {
      console.error('sitemap: SITE_URL, SUPABASE_URL or the public key is not set');
      return problem(500, 'not_configured', 'The sitemap is not configured (SITE_URL)');
    }
    if (!kept || deps.now() - kept.at > MEMORY_SECONDS * 1000) {
      try {
        kept = { xml: buildSitemap(origin, await enabledSites(deps, supabaseUrl, key)), at: deps.now() };
      } catch (error) {
        console.error('sitemap:', error);
        return problem(503, 'unavailable', 'The sitemap could not be built; try again later', { 'Retry-After': '60' });
      }
    }
    return new Response(req.method === 'HEAD' ? null : kept.xml, {
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': CACHE_CONTROL,
        // The sitemap is for crawlers to read, not a page to list in results.
        'X-Robots-Tag': 'noindex',
      },
    });
  };
}
