import { assert, assertEquals, assertMatch } from '../_shared/zatca/testing.ts';
import { signWebhook } from '../_shared/whatsapp.ts';
import { createMessagingHandler } from './handler.ts';

const ENV: Record<string, string> = {
  SUPABASE_URL: 'http://db.example',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  SUPABASE_ANON_KEY: 'anon.role.key',
  SMS_API_URL: 'http://sms.example',
  SMS_API_KEY: 'sms-token',
  SMS_SENDER: 'Nuzl',
  UNIFONIC_API_URL: 'http://unifonic.example',
  WHATSAPP_API_URL: 'http://graph.example',
  WHATSAPP_APP_SECRET: 'app-secret',
  WHATSAPP_VERIFY_TOKEN: 'verify-me',
  SMS_WEBHOOK_TOKEN: 'dlr-secret',
  EMAIL_API_URL: 'http://mail.example',
  EMAIL_API_KEY: 're_key',
  EMAIL_FROM: 'Nuzl <no-reply@nuzl.example>',
};
const ID = '11111111-1111-4111-8111-111111111111';
type Json = Record<string, unknown>;

function claimOf(message: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  return {
    message: {
      id: ID,
      channel: 'whatsapp',
      to_address: '+966551234567',
      subject: null,
      body: 'Hello',
      provider_message_id: null,
      whatsapp_template: null,
      ...message,
    },
    client: { name: 'Omar', phone: '+966551234567', email: null, language: 'ar', opted_out: false },
    settings: { sms_provider: 'taqnyat', sms_sender: null, whatsapp_phone_number_id: '100000000000001', ...settings },
    secrets: { whatsapp_token: 'wa-token', sms_token: null },
  };
}

/** A fake PostgREST and providers, recording each call. */
function fake(options: { claim?: unknown; graph?: () => Response; unifonic?: () => Response } = {}) {
  const calls: Array<{ url: string; body: unknown; headers: Headers; raw: string }> = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input as string, init);
    const raw = await request.text();
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // a form
    }
    const url = new URL(request.url);
    calls.push({ url: `${url.host}${url.pathname}`, body, headers: request.headers, raw });
    if (url.pathname === '/rest/v1/rpc/message_claim') return Response.json(options.claim ?? null);
    if (url.pathname === '/rest/v1/rpc/message_finish') {
      const b = body as { error: string | null; give_up: boolean };
      return Response.json({ status: b.error ? (b.give_up ? 'failed' : 'queued') : 'sent' });
    }
    if (url.pathname === '/rest/v1/rpc/messages_due') return Response.json([]);
    if (url.pathname === '/rest/v1/rpc/record_inbound_message' && (body as Json).from_address === '+19999999999') {
      return Response.json(
        { code: 'P0001', message: 'Please check your input', hint: 'invalid_input' },
        { status: 400 },
      );
    }
    if (url.pathname === '/rest/v1/rpc/record_message_status' && (body as Json).provider_message_id === 'down') {
      return Response.json({ message: 'connection lost' }, { status: 503 });
    }
    if (url.pathname.startsWith('/rest/v1/rpc/')) return Response.json(ID);
    if (url.host === 'graph.example') return options.graph?.() ?? Response.json({ messages: [{ id: 'wamid.OK' }] });
    if (url.host === 'unifonic.example') {
      return options.unifonic?.() ?? Response.json({ success: true, errorCode: 'ER-00', data: { MessageID: 4100 } });
    }
    if (url.host === 'mail.example') return Response.json({ id: 'mail-1' });
    return Response.json({ message: 'unexpected' }, { status: 500 });
  };
  const handler = createMessagingHandler({ env: (name) => ENV[name], fetch: fetcher as typeof fetch });
  const finish = () => calls.find((c) => c.url.endsWith('/rpc/message_finish'))?.body as Record<string, unknown>;
  return { handler, calls, finish };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://functions.example/messaging${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const service = { Authorization: 'Bearer service.role.key' };

Deno.test('send: only the service key, a uuid or nothing; bad JSON is a 400', async () => {
  const { handler, calls } = fake();
  assertEquals((await handler(post('/send', { id: ID }, { Authorization: 'Bearer anon.role.key' }))).status, 401);
  assertEquals((await handler(post('/send', { id: 'nope' }, service))).status, 400);
  assertEquals((await handler(post('/send', '{oops', service))).status, 400);
  assertEquals(calls.length, 0);
  assertEquals(await (await handler(post('/send', { id: ID }, service))).json(), {
    results: [{ id: ID, status: 'not_due' }],
  });
  assertEquals(await (await handler(post('/send', {}, service))).json(), { results: [] });
});

Deno.test('send: WhatsApp free text and templates with body parameters, then finish with the wamid', async () => {
  const text = fake({ claim: claimOf({}) });
  const sent = await (await text.handler(post('/send', { id: ID }, service))).json();
  assertEquals(sent.results[0], { id: ID, status: 'sent', provider_message_id: 'wamid.OK' });
  const graph = text.calls.find((c) => c.url === 'graph.example/v21.0/100000000000001/messages')!;
  assertEquals(graph.headers.get('authorization'), 'Bearer wa-token');
  assertEquals((graph.body as { text: unknown }).text, { preview_url: true, body: 'Hello' });
  assertEquals(text.finish(), { message_id: ID, provider_message_id: 'wamid.OK', error: null, give_up: false });

  const template = fake({
    claim: claimOf({ whatsapp_template: { name: 'pre_arrival', language: 'ar', params: ['Omar', 'Studio'] } }),
  });
  await template.handler(post('/send', { id: ID }, service));
  const body = template.calls.find((c) => c.url.startsWith('graph.example'))!.body as { template: unknown };
  assertEquals(body.template, {
    name: 'pre_arrival',
    language: { code: 'ar' },
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Omar' },
          { type: 'text', text: 'Studio' },
        ],
      },
    ],
  });
});

Deno.test(
  'send: outside the window the reason is kept and the message given up; a server error is retried',
  async () => {
    const closed = fake({
      claim: claimOf({}),
      graph: () => Response.json({ error: { code: 131047, message: 'Re-engagement message' } }, { status: 400 }),
    });
    const result = (await (await closed.handler(post('/send', { id: ID }, service))).json()).results[0];
    assertEquals(result.status, 'failed');
    assertMatch(closed.finish().error as string, /24-hour window/);
    assertEquals(closed.finish().give_up, true);

    const flaky = fake({
      claim: claimOf({}),
      graph: () => Response.json({ error: { code: 131000, message: 'Something went wrong' } }, { status: 500 }),
    });
    assertEquals(
      (await (await flaky.handler(post('/send', { id: ID }, service))).json()).results[0].status,
      'retrying',
    );
    assertEquals(flaky.finish().give_up, false);
  },
);

Deno.test('send: a message with a provider id or an opted-out guest is never sent', async () => {
  const sent = fake({ claim: claimOf({ provider_message_id: 'wamid.EARLIER' }) });
  assertEquals(
    (await (await sent.handler(post('/send', { id: ID }, service))).json()).results[0].status,
    'already_sent',
  );
  assert(!sent.calls.some((c) => c.url.startsWith('graph.example')));
  const claim = claimOf({});
  claim.client.opted_out = true;
  const out = fake({ claim });
  assertEquals((await (await out.handler(post('/send', { id: ID }, service))).json()).results[0].status, 'failed');
  assert(!out.calls.some((c) => c.url.startsWith('graph.example')));
});

Deno.test('send: SMS through Unifonic carries the CorrelationID; e-mail the Idempotency-Key', async () => {
  const claim = claimOf({ channel: 'sms', body: 'مرحبا' }, { sms_provider: 'unifonic', sms_sender: 'MyHost' });
  claim.secrets.sms_token = 'app-sid' as unknown as null;
  const sms = fake({ claim });
  await sms.handler(post('/send', { id: ID }, service));
  const form = new URLSearchParams(sms.calls.find((c) => c.url === 'unifonic.example/rest/SMS/messages')!.raw);
  assertEquals(
    [
      form.get('AppSid'),
      form.get('SenderID'),
      form.get('Recipient'),
      form.get('CorrelationID'),
      form.get('responseType'),
    ],
    ['app-sid', 'MyHost', '966551234567', ID, 'JSON'],
  );
  assertEquals(sms.finish().provider_message_id, '4100');

  const mail = fake({ claim: claimOf({ channel: 'email', to_address: 'omar@example.com', subject: 'Hi' }) });
  await mail.handler(post('/send', { id: ID }, service));
  assertEquals(
    mail.calls.find((c) => c.url === 'mail.example/emails')!.headers.get('idempotency-key'),
    `message-${ID}`,
  );
});

Deno.test('webhook: the verify-token handshake', async () => {
  const { handler } = fake();
  const get = (q: string) => handler(new Request(`http://functions.example/messaging/webhooks/whatsapp?${q}`));
  const ok = await get('hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444');
  assertEquals([ok.status, await ok.text()], [200, '1158201444']);
  assertEquals((await get('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status, 403);
});

Deno.test('webhook: signed messages and statuses are recorded; forged or broken ones are refused', async () => {
  const payload = JSON.stringify({
    entry: [
      {
        changes: [
          {
            value: {
              metadata: { phone_number_id: '100000000000001' },
              contacts: [{ wa_id: '966551234567', profile: { name: 'Omar' } }],
              messages: [
                { from: '966551234567', id: 'wamid.IN', timestamp: '1764590400', type: 'text', text: { body: 'Hi' } },
              ],
              statuses: [{ id: 'wamid.OUT', status: 'delivered', timestamp: '1764590500' }],
            },
          },
        ],
      },
    ],
  });
  const { handler, calls } = fake();
  const forged = await handler(
    post('/webhooks/whatsapp', payload, { 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` }),
  );
  assertEquals(forged.status, 401);
  assertEquals((await handler(post('/webhooks/whatsapp', payload))).status, 401);
  assertEquals(calls.length, 0);
  const broken = '{not json';
  assertEquals(
    (
      await handler(
        post('/webhooks/whatsapp', broken, { 'X-Hub-Signature-256': await signWebhook(broken, 'app-secret') }),
      )
    ).status,
    400,
  );
  const ok = await handler(
    post('/webhooks/whatsapp', payload, { 'X-Hub-Signature-256': await signWebhook(payload, 'app-secret') }),
  );
  assertEquals(await ok.json(), { messages: 1, stored: 1, statuses: 1 });
  assertEquals(
    calls.map((c) => c.url),
    ['db.example/rest/v1/rpc/record_inbound_message', 'db.example/rest/v1/rpc/record_message_status'],
  );
  assertEquals(calls[0]!.body, {
    phone_number_id: '100000000000001',
    channel: 'whatsapp',
    from_address: '+966551234567',
    body: 'Hi',
    provider_message_id: 'wamid.IN',
    sent_at: '2025-12-01T12:00:00.000Z',
    profile_name: 'Omar',
  });
  assertEquals((calls[1]!.body as { status: string }).status, 'delivered');
});

Deno.test('SMS delivery reports need the shared token and name a message', async () => {
  const { handler, calls } = fake();
  assertEquals(
    (await handler(post('/webhooks/sms/unifonic?token=wrong', { messageId: '4100', status: 'Delivered' }))).status,
    401,
  );
  assertEquals((await handler(post('/webhooks/sms/unifonic?token=dlr-secret', '{oops'))).status, 400);
  assertEquals((await handler(post('/webhooks/sms/unifonic?token=dlr-secret', { status: 'Delivered' }))).status, 400);
  assertEquals((await handler(post('/webhooks/sms/other?token=dlr-secret', {}))).status, 404);
  assertEquals(calls.length, 0);
  const ok = await handler(post('/webhooks/sms/unifonic?token=dlr-secret', { messageId: 4100, status: 'Delivered' }));
  assertEquals(ok.status, 200);
  assertEquals(calls[0]!.body, {
    channel: 'sms',
    provider_message_id: '4100',
    status: 'delivered',
    error: null,
    at: (calls[0]!.body as { at: string }).at,
  });
});

Deno.test('providers/test needs a signed-in caller and a known provider', async () => {
  const { handler } = fake();
  assertEquals((await handler(post('/providers/test', { provider: 'whatsapp' }))).status, 401);
  assertEquals((await handler(post('/providers/test', { provider: 'fax' }, service))).status, 400);
  assertEquals((await handler(post('/providers/test', '{', service))).status, 400);
  assertEquals((await handler(post('/nowhere', {}))).status, 404);
});

Deno.test('webhook: an item the database refuses is skipped (200, no redelivery); an outage is a 503', async () => {
  const signed = async (value: unknown) => {
    const body = JSON.stringify({ entry: [{ changes: [{ value }] }] });
    return post('/webhooks/whatsapp', body, { 'X-Hub-Signature-256': await signWebhook(body, 'app-secret') });
  };
  const { handler } = fake();
  const refused = await handler(
    await signed({
      metadata: { phone_number_id: '100000000000001' },
      messages: [{ from: '19999999999', id: 'wamid.BAD', type: 'text', text: { body: 'x' } }],
    }),
  );
  assertEquals([refused.status, (await refused.json()).stored], [200, 0]);
  const down = await handler(await signed({ statuses: [{ id: 'down', status: 'read' }] }));
  assertEquals(down.status, 503);
});
