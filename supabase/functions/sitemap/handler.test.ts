import { assert, assertEquals, assertMatch } from '../_shared/zatca/testing.ts';
import { createSitemapHandler, MEMORY_SECONDS, type SitemapDeps } from './handler.ts';

const ENV: Record<string, string> = {
  SITE_URL: 'https://nuzl.example/',
  SUPABASE_URL: 'http://db.example/',
  SUPABASE_ANON_KEY: 'header.payload.signature',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  SUPABASE_SECRET_KEYS: '{"default":"sb_secret_x"}',
};

interface Fake {
  deps: SitemapDeps;
  requests: Request[];
  clock: { now: number };
}

function fake(env: Record<string, string> = ENV, pages: unknown[][] = [[]], status = 200): Fake {
  const requests: Request[] = [];
  const clock = { now: 1_000_000 };
  let call = 0;
  const deps: SitemapDeps = {
    env: (name) => env[name],
    now: () => clock.now,
    fetch: (input, init) => {
      requests.push(new Request(input as string, init));
      const body = JSON.stringify(pages[Math.min(call++, pages.length - 1)]);
      return Promise.resolve(new Response(status === 200 ? body : '{"message":"down"}', { status }));
    },
  };
  return { deps, requests, clock };
}

const get = (method = 'GET') => new Request('http://functions.example/sitemap', { method });

Deno.test('answers XML with caching headers, reading enabled sites with the anon key only', async () => {
  const { deps, requests } = fake(ENV, [
    [{ slug: 'demo', updated_at: '2026-11-20T00:00:00Z', default_language: 'ar' }],
  ]);
  const response = await createSitemapHandler(deps)(get());
  assertEquals(response.status, 200);
  assertEquals(response.headers.get('content-type'), 'application/xml; charset=utf-8');
  assertEquals(response.headers.get('cache-control'), 'public, max-age=3600');
  const xml = await response.text();
  assertMatch(xml, /<loc>https:\/\/nuzl.example\/org\/demo<\/loc>/);

  assertEquals(requests.length, 1);
  const url = new URL(requests[0]!.url);
  assertEquals(url.origin + url.pathname, 'http://db.example/rest/v1/public_sites');
  assertEquals(url.searchParams.get('select'), 'slug,updated_at,default_language');
  assertEquals(url.searchParams.get('enabled'), 'is.true');
  assertEquals(requests[0]!.headers.get('apikey'), 'header.payload.signature');
  assertEquals(requests[0]!.headers.get('authorization'), 'Bearer header.payload.signature');
});

Deno.test('uses a publishable key as apikey only when there is no anon JWT', async () => {
  const { deps, requests } = fake({
    SITE_URL: 'https://nuzl.example',
    SUPABASE_URL: 'http://db.example',
    SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_abc"}',
    SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  });
  assertEquals((await createSitemapHandler(deps)(get())).status, 200);
  assertEquals(requests[0]!.headers.get('apikey'), 'sb_publishable_abc');
  assertEquals(requests[0]!.headers.get('authorization'), null);
});

Deno.test('pages through PostgREST 1000 rows at a time', async () => {
  const row = (i: number) => ({ slug: `s${i}`, updated_at: '2026-11-20T00:00:00Z', default_language: 'en' });
  const full = Array.from({ length: 1000 }, (_, i) => row(i));
  const { deps, requests } = fake(ENV, [full, [row(1000), row(1001)]]);
  const xml = await (await createSitemapHandler(deps)(get())).text();
  assertEquals(
    requests.map((r) => new URL(r.url).searchParams.get('offset')),
    ['0', '1000'],
  );
  assertEquals(xml.split('<loc>').length - 1, 2 + 2 * 1002);
});

Deno.test('keeps the built sitemap for a few minutes, then reads again', async () => {
  const { deps, requests, clock } = fake();
  const handle = createSitemapHandler(deps);
  await handle(get());
  await handle(get());
  assertEquals(requests.length, 1);
  clock.now += MEMORY_SECONDS * 1000 + 1;
  await handle(get());
  assertEquals(requests.length, 2);
});

Deno.test('HEAD has the headers and no body; other methods are refused', async () => {
  const { deps } = fake();
  const handle = createSitemapHandler(deps);
  const head = await handle(get('HEAD'));
  assertEquals(head.status, 200);
  assertEquals(head.headers.get('content-type'), 'application/xml; charset=utf-8');
  assertEquals(await head.text(), '');
  const post = await handle(get('POST'));
  assertEquals(post.status, 405);
  assertEquals(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  await post.body?.cancel();
});

Deno.test('a missing SITE_URL is a configuration fault, a failing database a 503, never cached', async () => {
  const { SITE_URL: _unset, ...withoutSite } = ENV;
  const missing = await createSitemapHandler(fake(withoutSite).deps)(get());
  assertEquals(missing.status, 500);
  assertEquals((await missing.json()).code, 'not_configured');

  const down = fake(ENV, [[]], 500);
  const handle = createSitemapHandler(down.deps);
  const failed = await handle(get());
  assertEquals(failed.status, 503);
  assertEquals(failed.headers.get('cache-control'), 'no-store');
  assertEquals((await failed.json()).code, 'unavailable');
  await handle(get());
  assert(down.requests.length === 2, 'a failure is not kept');
});
