import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { createInviteNotifyHandler } from './handler.ts';

const ENV: Record<string, string> = {
  SITE_URL: 'https://app.example',
  SUPABASE_URL: 'http://db.example',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  SUPABASE_ANON_KEY: 'anon.role.key',
  EMAIL_API_URL: 'http://mail.example',
  EMAIL_API_KEY: 're_key',
  EMAIL_FROM: 'Nuzl <no-reply@nuzl.example>',
};
const ID = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'b'.repeat(64);

const INVITATION = {
  id: ID,
  email: 'sara@example.com',
  language: 'en',
  token: TOKEN,
  expires_at: '2026-12-04T15:30:00Z',
  organization: { name: 'Demo Stays', name_ar: null, timezone: 'Asia/Riyadh' },
  role: { key: 'member', name: 'Team Member' },
  inviter: 'Abdullah',
};

/** A fake PostgREST and e-mail provider, recording every call. */
function fake(options: { invitation: unknown; email?: number; env?: Record<string, string> }) {
  const calls: Array<{ method: string; url: string; query: string; body: unknown; headers: Headers }> = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input as string, init);
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      url: `${url.host}${url.pathname}`,
      query: url.search,
      body,
      headers: request.headers,
    });
    const json = (value: unknown, status = 200) => Response.json(value, { status });
    if (url.pathname === '/rest/v1/rpc/invitation_email') return json(options.invitation);
    if (url.pathname === '/rest/v1/invitations' && request.method === 'PATCH')
      return new Response(null, { status: 204 });
    if (url.host === 'mail.example') {
      const status = options.email ?? 200;
      return status === 200 ? json({ id: 'mail-1' }) : json({ statusCode: status, message: 'Boom' }, status);
    }
    return json({ message: 'unexpected' }, 500);
  };
  const env = options.env ?? ENV;
  return { handler: createInviteNotifyHandler({ env: (name) => env[name], fetch: fetcher }), calls };
}

const post = (body: unknown, key = 'service.role.key') =>
  new Request('http://functions.example/invite-notify', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

Deno.test('only a service key may call it, with an invitation id', async () => {
  const { handler, calls } = fake({ invitation: null });
  assertEquals((await handler(post({ id: ID }, 'anon.role.key'))).status, 401);
  assertEquals((await handler(post({ id: 'nope' }))).status, 400);
  assertEquals((await handler(post({}))).status, 400);
  assertEquals((await handler(new Request('http://functions.example/invite-notify'))).status, 405);
  assertEquals(calls.length, 0);
});

Deno.test('an invitation no longer pending sends nothing', async () => {
  const { handler, calls } = fake({ invitation: null });
  const answer = await handler(post({ id: ID }));
  assertEquals(await answer.json(), { status: 'not_pending' });
  assertEquals(
    calls.map((c) => c.url),
    ['db.example/rest/v1/rpc/invitation_email'],
  );
});

Deno.test('sends the e-mail once per sending and records it sent, only for the expiry it sent', async () => {
  const { handler, calls } = fake({ invitation: INVITATION });
  const answer = await handler(post({ id: ID }));
  assertEquals(answer.status, 200);
  assertEquals((await answer.json()).status, 'sent');
  const mail = calls.find((c) => c.url === 'mail.example/emails')!;
  assertEquals(mail.headers.get('authorization'), 'Bearer re_key');
  assertEquals(mail.headers.get('idempotency-key'), `invitation-${ID}-${Date.parse('2026-12-04T15:30:00Z')}`);
  const sent = mail.body as { to: string[]; subject: string; text: string; tags: unknown };
  assertEquals(sent.to, ['sara@example.com']);
  assertEquals(sent.subject, 'Abdullah invited you to join Demo Stays on Nuzl');
  assert(sent.text.includes(`https://app.example/invite/${TOKEN}`));
  assertEquals(sent.tags, [{ name: 'kind', value: 'invitation' }]);
  const patch = calls.find((c) => c.method === 'PATCH')!;
  assertEquals(patch.query, `?id=eq.${ID}&expires_at=eq.2026-12-04T15%3A30%3A00Z`);
  assertEquals((patch.body as { email_error: unknown }).email_error, null);
  assert(typeof (patch.body as { email_sent_at: unknown }).email_sent_at === 'string');
});

Deno.test('a refusal of the provider is recorded with its reason and answered 502', async () => {
  const { handler, calls } = fake({ invitation: INVITATION, email: 422 });
  const answer = await handler(post({ id: ID }));
  assertEquals(answer.status, 502);
  const patch = calls.find((c) => c.method === 'PATCH')!.body as { email_sent_at: unknown; email_error: string };
  assertEquals(patch.email_sent_at, null);
  assertEquals(patch.email_error, 'E-mail provider 422: Boom');
});

Deno.test('without e-mail settings nothing is sent and the invitation says why', async () => {
  const env = { ...ENV };
  delete env.EMAIL_API_KEY;
  const { handler, calls } = fake({ invitation: INVITATION, env });
  assertEquals((await handler(post({ id: ID }))).status, 502);
  assertEquals(
    calls.some((c) => c.url.startsWith('mail.example')),
    false,
  );
  const patch = calls.find((c) => c.method === 'PATCH')!.body as { email_error: string };
  assertEquals(patch.email_error, 'E-mail is not configured (EMAIL_API_KEY, EMAIL_FROM)');
});
