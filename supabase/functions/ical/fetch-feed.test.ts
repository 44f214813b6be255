// Fetching a feed: only http(s), never this machine or a private network unless allowed (the
// local stack), redirects checked again, a size cap.
import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { fetchFeed, FetchFeedError, isPrivateHost } from './fetch-feed.ts';

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof FetchFeedError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

Deno.test('private and loopback hosts are recognised', () => {
  for (const host of [
    'localhost',
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '[::1]',
    'fd00::1',
  ])
    assert(isPrivateHost(host), host);
  for (const host of ['www.airbnb.com', 'admin.booking.com', '8.8.8.8', '172.32.0.1'])
    assert(!isPrivateHost(host), host);
});

Deno.test('refuses other schemes, private hosts (also after a redirect), and a feed over the cap', async () => {
  const never = () => Promise.reject(new Error('must not fetch'));
  assertEquals(
    await refusal(() => fetchFeed('ftp://example.com/a.ics', { fetch: never })),
    'The feed address must start with http:// or https://',
  );
  assertEquals(
    await refusal(() => fetchFeed('http://169.254.169.254/latest', { fetch: never })),
    'The feed address must be a public internet address',
  );
  const redirecting = () =>
    Promise.resolve(new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:8080/x' } }));
  assertEquals(
    await refusal(() => fetchFeed('https://example.com/a.ics', { fetch: redirecting })),
    'The feed address must be a public internet address',
  );
  const big = () => Promise.resolve(new Response('x'.repeat(2000)));
  assertEquals(
    await refusal(() => fetchFeed('https://example.com/a.ics', { fetch: big, maxBytes: 1000 })),
    'The feed is too large',
  );
  const ok = () => Promise.resolve(new Response('BEGIN:VCALENDAR'));
  assertEquals(await fetchFeed('http://127.0.0.1/a.ics', { fetch: ok, allowPrivateHosts: true }), 'BEGIN:VCALENDAR');
});
