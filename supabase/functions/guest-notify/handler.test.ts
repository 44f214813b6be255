import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { createGuestNotifyHandler } from './handler.ts';

const ENV: Record<string, string> = {
  SITE_URL: 'https://app.example',
  SUPABASE_URL: 'http://db.example',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  SUPABASE_ANON_KEY: 'anon.role.key',
  SMS_API_URL: 'http://sms.example',
  SMS_API_KEY: 'sms-token',
  SMS_SENDER: 'Nuzl',
  EMAIL_API_URL: 'http://mail.example',
  EMAIL_API_KEY: 're_key',
  EMAIL_FROM: 'Nuzl <no-reply@nuzl.example>',
};
const NOTICE = '11111111-1111-4111-8111-111111111111';

interface Stored {
  id: string;
  channel: 'sms' | 'email';
  to_address: string;
  subject: string | null;
  body: string;
  status: string;
  provider_message_id?: string | null;
  error?: string | null;
}

function claim(
  messages: Stored[] = [],
  client: { phone: string | null; email: string | null } = { phone: '+966551234567', email: 'omar@example.com' },
  kind = 'request_confirmed',
) {
  return {
    id: NOTICE,
    kind,
    attempts: messages.length ? 2 : 1,
    messages,
    review_token: null,
    door_code: { code: '604213', starts_at: '2026-12-10T12:00:00Z', ends_at: '2026-12-12T08:00:00Z' },
    booking: {
      id: 'b1',
      organization_id: 'o1',
      reference: 'BK-1',
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      nights: 2,
      guests_count: 1,
      request_expires_at: null,
      cancellation_reason: null,
    },
    client: { id: 'c1', name: 'Omar Haddad', language: 'en', ...client },
    unit: { id: 'u1', name: 'Studio', name_ar: null, check_in_time: '15:00', check_out_time: '11:00' },
    organization: { name: 'Org', timezone: 'Asia/Riyadh' },
    site: null,
  };
}

/** A fake PostgREST and the two providers, recording every call. */
function fake(options: { claim: unknown; sms?: number; email?: number; env?: Record<string, string> }) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Headers }> = [];
  const rows = new Map<string, Stored>();
  let finished: Record<string, unknown> | null = null;
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input as string, init);
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    const url = new URL(request.url);
    calls.push({ method: request.method, url: `${url.host}${url.pathname}`, body, headers: request.headers });
    const json = (value: unknown, status = 200) => Response.json(value, { status });
    if (url.pathname === '/rest/v1/rpc/guest_notice_claim') return json(options.claim);
    if (url.pathname === '/rest/v1/rpc/guest_notice_finish') {
      finished = body;
      const sent = [...rows.values()].every((row) => row.status === 'sent') && rows.size > 0;
      return json({ sent_at: sent ? 'now' : null, failed_at: body.give_up ? 'now' : null });
    }
    if (url.pathname === '/rest/v1/messages' && request.method === 'POST') {
      const created = (body as Stored[]).map((row, i) => ({ ...row, id: `m${i + 1}` }));
      for (const row of created) rows.set(row.id, row);
      return json(created, 201);
    }
    if (url.pathname === '/rest/v1/messages' && request.method === 'PATCH') {
      const id = url.searchParams.get('id')!.replace('eq.', '');
      rows.set(id, { ...(rows.get(id) ?? ({ id } as Stored)), ...(body as Partial<Stored>) });
      return new Response(null, { status: 204 });
    }
    // Issue 16: the organisation has no provider accounts of its own (the platform's SMS).
    if (url.pathname === '/rest/v1/messaging_settings' || url.pathname === '/rest/v1/messaging_secrets')
      return json([]);
    if (url.host === 'sms.example') {
      const status = options.sms ?? 201;
      return status === 201
        ? json({ statusCode: 201, messageId: 777, accepted: '[966551234567,]', rejected: '[]' }, 201)
        : json({ statusCode: status, message: 'Gateway down' }, status);
    }
    if (url.host === 'mail.example') {
      const status = options.email ?? 200;
      return status === 200
        ? json({ id: 'mail-1' })
        : json({ statusCode: status, name: 'application_error', message: 'Boom' }, status);
    }
    return json({ message: 'unexpected' }, 500);
  };
  const env = options.env ?? ENV;
  const handler = createGuestNotifyHandler({ env: (name) => env[name], fetch: fetcher });
  return { handler, calls, rows, finished: () => finished };
}

const post = (body: unknown, key = 'service.role.key') =>
  new Request('http://functions.example/guest-notify', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

Deno.test('only a service key may call it, with a notice id or nothing', async () => {
  const { handler, calls } = fake({ claim: null });
  assertEquals((await handler(post({ id: NOTICE }, 'anon.role.key'))).status, 401);
  assertEquals((await handler(post({ id: 'nope' }))).status, 400);
  assertEquals((await handler(new Request('http://functions.example/guest-notify'))).status, 405);
  assertEquals(calls.length, 0);
  const notDue = await handler(post({ id: NOTICE }));
  assertEquals(await notDue.json(), { results: [{ id: NOTICE, status: 'not_due' }] });
});

Deno.test(
  'first attempt: writes one message per channel, sends each, records ids; a failed channel keeps its reason',
  async () => {
    const { handler, calls, rows, finished } = fake({ claim: claim(), email: 500 });
    const answer = await handler(post({ id: NOTICE }));
    const { results } = await answer.json();
    assertEquals(results[0].status, 'retrying');
    const written = calls.find((c) => c.method === 'POST' && c.url === 'db.example/rest/v1/messages')!.body as Array<
      Record<string, unknown>
    >;
    assertEquals(
      written.map((row) => [row.channel, row.to_address, row.notice_id, row.organization_id]),
      [
        ['sms', '+966551234567', NOTICE, 'o1'],
        ['email', 'omar@example.com', NOTICE, 'o1'],
      ],
    );
    const sms = calls.find((c) => c.url === 'sms.example/v1/messages')!;
    assertEquals(sms.headers.get('authorization'), 'Bearer sms-token');
    assertEquals((sms.body as { recipients: string[]; sender: string }).recipients, ['966551234567']);
    assertEquals((sms.body as { sender: string }).sender, 'Nuzl');
    const mail = calls.find((c) => c.url === 'mail.example/emails')!;
    assertEquals(mail.headers.get('idempotency-key'), 'guest-message-m2');
    assert(String((mail.body as { html: string }).html).includes('dir="ltr"'), 'html part');
    assertEquals(rows.get('m1')!.status, 'sent');
    assertEquals(rows.get('m1')!.provider_message_id, '777');
    assertEquals(rows.get('m2')!.status, 'failed');
    assertEquals(rows.get('m2')!.error, 'E-mail provider 500: Boom');
    assertEquals(finished(), { notice_id: NOTICE, error: 'email: E-mail provider 500: Boom', give_up: false });
  },
);

Deno.test('a retry sends the stored text of what failed, and never a channel already sent', async () => {
  const stored: Stored[] = [
    { id: 'm1', channel: 'sms', to_address: '+966551234567', subject: null, body: 'SMS text', status: 'sent' },
    {
      id: 'm2',
      channel: 'email',
      to_address: 'omar@example.com',
      subject: 'Subject',
      body: 'Mail text',
      status: 'failed',
    },
  ];
  const { handler, calls } = fake({ claim: claim(stored) });
  await handler(post({ id: NOTICE }));
  assert(!calls.some((c) => c.method === 'POST' && c.url === 'db.example/rest/v1/messages'), 'no new rows');
  assert(!calls.some((c) => c.url === 'sms.example/v1/messages'), 'SMS not sent again');
  const mail = calls.find((c) => c.url === 'mail.example/emails')!;
  assertEquals((mail.body as { text: string; subject: string }).text, 'Mail text');
  assertEquals((mail.body as { subject: string }).subject, 'Subject');
});

Deno.test(
  'an unconfigured gateway fails its message with the reason; a guest with no phone or e-mail is given up',
  async () => {
    const env = { ...ENV, SMS_API_KEY: '' };
    const unconfigured = fake({ claim: claim(), env });
    await unconfigured.handler(post({ id: NOTICE }));
    assertEquals(unconfigured.rows.get('m1')!.error, 'SMS is not configured (SMS_API_KEY, SMS_SENDER)');
    const unreachable = fake({ claim: claim([], { phone: null, email: null }) });
    const answer = await unreachable.handler(post({ id: NOTICE }));
    assertEquals((await answer.json()).results[0].status, 'failed');
    assertEquals(unreachable.finished(), {
      notice_id: NOTICE,
      error: 'The guest has no phone number or e-mail address',
      give_up: true,
    });
  },
);

Deno.test('{} works through every due notice', async () => {
  const calls: string[] = [];
  const handler = createGuestNotifyHandler({
    env: (name) => ENV[name],
    fetch: async (input) => {
      const url = new URL(String(input));
      calls.push(url.pathname);
      if (url.pathname.endsWith('guest_notices_due')) return Response.json([NOTICE, NOTICE.replace(/1/g, '2')]);
      return Response.json(null);
    },
  });
  const { results } = await (await handler(post({}))).json();
  assertEquals(
    results.map((r: { status: string }) => r.status),
    ['not_due', 'not_due'],
  );
  assertEquals(calls.filter((path) => path.endsWith('guest_notice_claim')).length, 2);
});

Deno.test(
  'a door_code notice: the code goes by SMS and e-mail to the providers, then the notice is finished',
  async () => {
    const { handler, calls, rows, finished } = fake({ claim: claim([], undefined, 'door_code') });
    const response = await handler(post({ id: NOTICE }));
    assertEquals(await response.json(), { results: [{ id: NOTICE, status: 'sent' }] });
    const sms = calls.find((call) => call.url === 'sms.example/v1/messages');
    assert(sms, 'an SMS was sent');
    assertEquals(
      (sms.body as { body: string }).body,
      'Org: your door code for Studio is 604213. It opens the door from Thu, Dec 10, 3:00 PM until Sat, Dec 12, 11:00 AM. Please keep it to yourself.',
    );
    const mail = calls.find((call) => call.url === 'mail.example/emails');
    assert(mail, 'an e-mail was sent');
    assertEquals((mail.body as { subject: string }).subject, 'Your door code for Studio – Org');
    assert((mail.body as { text: string }).text.includes('Door code: 604213'));
    assertEquals(
      [...rows.values()].map((row) => row.status),
      ['sent', 'sent'],
    );
    assertEquals(finished(), { notice_id: NOTICE, error: null, give_up: false });
  },
);
