// guest-notify with issue 16: the organisation's template text, WhatsApp instead of SMS, and SMS
// when WhatsApp refuses the message for good.
import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { completeLinks, createGuestNotifyHandler } from './handler.ts';

const ENV: Record<string, string> = {
  SITE_URL: 'https://app.example',
  SUPABASE_URL: 'http://db.example',
  SUPABASE_SERVICE_ROLE_KEY: 'service.role.key',
  SMS_API_URL: 'http://sms.example',
  SMS_API_KEY: 'sms-token',
  SMS_SENDER: 'Nuzl',
  WHATSAPP_API_URL: 'http://graph.example',
  UNIFONIC_API_URL: 'http://unifonic.example',
};
const NOTICE = '11111111-1111-4111-8111-111111111111';

function claim(extra: Record<string, unknown>) {
  return {
    id: NOTICE,
    kind: 'pre_arrival',
    attempts: 1,
    messages: [],
    review_token: null,
    door_code: null,
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
    client: { id: 'c1', name: 'Omar Haddad', language: 'en', phone: '+966551234567', email: null },
    unit: { id: 'u1', name: 'Studio', name_ar: null, check_in_time: '15:00', check_out_time: '11:00' },
    organization: { name: 'Org', timezone: 'Asia/Riyadh' },
    site: null,
    ...extra,
  };
}

function fake(
  claimValue: unknown,
  graph: () => Response = () => Response.json({ messages: [{ id: 'wamid.1' }] }),
  accounts: { settings: unknown[]; secrets: unknown[] } = {
    settings: [{ whatsapp_phone_number_id: '100000000000001', sms_provider: 'taqnyat', sms_sender: null }],
    secrets: [{ provider: 'whatsapp', access_token: 'wa-token' }],
  },
) {
  let unifonicForm: URLSearchParams | null = null;
  const patches: Array<Record<string, unknown>> = [];
  const inserted: Array<Record<string, unknown>> = [];
  const hosts: string[] = [];
  let graphBody: Record<string, unknown> | null = null;
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as string, init);
    const text = await request.text();
    const url = new URL(request.url);
    hosts.push(`${url.host}${url.pathname}`);
    if (url.pathname === '/rest/v1/rpc/guest_notice_claim') return Response.json(claimValue);
    if (url.pathname === '/rest/v1/rpc/guest_notice_finish') return Response.json({ sent_at: 'now', failed_at: null });
    if (url.pathname === '/rest/v1/messaging_settings') return Response.json(accounts.settings);
    if (url.pathname === '/rest/v1/messaging_secrets') return Response.json(accounts.secrets);
    if (url.host === 'unifonic.example') {
      unifonicForm = new URLSearchParams(text);
      return Response.json({ success: true, errorCode: 'ER-00', data: { MessageID: 41 } });
    }
    if (url.pathname === '/rest/v1/messages' && request.method === 'POST') {
      const rows = (JSON.parse(text) as Array<Record<string, unknown>>).map((r, i) => ({
        ...r,
        id: `m${inserted.length + i + 1}`,
      }));
      inserted.push(...rows);
      return Response.json(rows, { status: 201 });
    }
    if (url.pathname === '/rest/v1/messages' && request.method === 'PATCH') {
      patches.push(JSON.parse(text));
      return new Response(null, { status: 204 });
    }
    if (url.host === 'graph.example') {
      graphBody = JSON.parse(text);
      return graph();
    }
    if (url.host === 'sms.example')
      return Response.json({ statusCode: 201, messageId: 9, accepted: '[966551234567,]' }, { status: 201 });
    return Response.json({}, { status: 500 });
  };
  const handler = createGuestNotifyHandler({ env: (n) => ENV[n], fetch: fetcher as typeof fetch });
  const run = () =>
    handler(
      new Request('http://f/guest-notify', {
        method: 'POST',
        headers: { Authorization: 'Bearer service.role.key' },
        body: JSON.stringify({ id: NOTICE }),
      }),
    );
  return { run, inserted, patches, hosts, graphBody: () => graphBody, unifonicForm: () => unifonicForm };
}

const template = {
  subject: 'See you soon',
  body: 'Hi Omar, your stay starts Thu 10 Dec. Review later: /review/tok',
  whatsapp_template: { name: 'pre_arrival', language: 'en', params: ['Omar', 'Thu 10 Dec'] },
};

Deno.test('the organisation’s template replaces the built-in text; path links get SITE_URL', async () => {
  const f = fake(claim({ template, whatsapp: { connected: false, window_open: false } }));
  await f.run();
  assertEquals(
    f.inserted.map((r) => [r.channel, r.body]),
    [['sms', 'Hi Omar, your stay starts Thu 10 Dec. Review later: https://app.example/review/tok']],
  );
  assertEquals(
    completeLinks('see https://x.example/review/a and /org/demo/units/u1', 'https://app.example/'),
    'see https://x.example/review/a and https://app.example/org/demo/units/u1',
  );
});

Deno.test('WhatsApp connected: free text inside the window, the approved template outside it', async () => {
  const open = fake(claim({ template, whatsapp: { connected: true, window_open: true } }));
  await open.run();
  assertEquals(
    open.inserted.map((r) => r.channel),
    ['whatsapp'],
  );
  assertEquals(open.graphBody()?.type, 'text');
  const closed = fake(claim({ template, whatsapp: { connected: true, window_open: false } }));
  await closed.run();
  assertEquals(closed.graphBody()?.type, 'template');
  assertEquals((closed.graphBody()?.template as { name: string }).name, 'pre_arrival');
  const noTemplate = fake(
    claim({ template: { ...template, whatsapp_template: null }, whatsapp: { connected: true, window_open: false } }),
  );
  await noTemplate.run();
  assertEquals(
    noTemplate.inserted.map((r) => r.channel),
    ['sms'],
  );
  assert(!noTemplate.hosts.some((h) => h.startsWith('graph.example')));
});

Deno.test('WhatsApp refusing for good (not on WhatsApp) falls back to SMS with the same text', async () => {
  const f = fake(claim({ whatsapp: { connected: true, window_open: true } }), () =>
    Response.json({ error: { code: 131026, message: 'Message undeliverable' } }, { status: 400 }),
  );
  const answer = await (await f.run()).json();
  // The same message becomes an SMS (the notice's one phone message), then is sent.
  assertEquals(
    f.inserted.map((r) => r.channel),
    ['whatsapp'],
  );
  assertEquals(f.patches[0], { channel: 'sms', whatsapp_template: null, from_address: 'Nuzl' });
  assertEquals(f.patches[1]?.status, 'sent');
  assert(f.hosts.includes('sms.example/v1/messages'));
  assertEquals(answer.results[0].status, 'sent');
});

Deno.test('an organisation with its own Unifonic account sends its notices through it, as its sender', async () => {
  const f = fake(claim({ whatsapp: { connected: false } }), undefined, {
    settings: [{ whatsapp_phone_number_id: null, sms_provider: 'unifonic', sms_sender: 'MyHost' }],
    secrets: [{ provider: 'sms', access_token: 'app-sid' }],
  });
  assertEquals((await (await f.run()).json()).results[0].status, 'sent');
  const form = f.unifonicForm()!;
  assertEquals(
    [form.get('AppSid'), form.get('SenderID'), form.get('Recipient'), form.get('CorrelationID')],
    ['app-sid', 'MyHost', '966551234567', f.inserted[0]!.id],
  );
  assert(!f.hosts.includes('sms.example/v1/messages'));
});
