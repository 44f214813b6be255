import { assert, assertEquals, assertMatch } from './zatca/testing.ts';
import {
  parseWebhook,
  sendWhatsapp,
  signWebhook,
  verifyWebhookSignature,
  whatsappPayload,
  whatsappReason,
  windowOpen,
} from './whatsapp.ts';

Deno.test('the 24-hour window is open only within a day of the guest’s last message', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  assert(windowOpen('2026-11-30T12:00:01Z', now));
  assert(!windowOpen('2026-11-30T12:00:00Z', now));
  assert(!windowOpen(null, now));
  assert(!windowOpen('not a date', now));
});

Deno.test('a template carries its body parameters in order; text is plain text', () => {
  const template = whatsappPayload({
    to: '+966 55 123 4567',
    template: { name: 'pre_arrival', language: 'ar', params: ['Omar', ''] },
  });
  assertEquals(template, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '966551234567',
    type: 'template',
    template: {
      name: 'pre_arrival',
      language: { code: 'ar' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Omar' },
            { type: 'text', text: '-' },
          ],
        },
      ],
    },
  });
  assertEquals((whatsappPayload({ to: '+966551234567', text: 'hi' }) as { text: unknown }).text, {
    preview_url: true,
    body: 'hi',
  });
  assertEquals(whatsappPayload({ to: '0551234567x', text: 'hi' }), null);
});

Deno.test('Graph errors become readable reasons; the window error is final', async () => {
  assertMatch(whatsappReason({ code: 131047, message: 'Re-engagement message' }), /24-hour window.*template.*131047/);
  assertMatch(whatsappReason({ code: 190 }), /token/);
  const fetcher = (() =>
    Promise.resolve(
      Response.json({ error: { message: 'Re-engagement', type: 'OAuthException', code: 131047 } }, { status: 400 }),
    )) as typeof fetch;
  const refused = await sendWhatsapp(
    { url: 'http://x', token: 't', phoneNumberId: '1' },
    { to: '+966551234567', text: 'hi' },
    fetcher,
  );
  assert(!refused.ok);
  assertEquals(refused.ok ? null : [refused.code, refused.final], [131047, true]);
  const sent = await sendWhatsapp(
    { url: 'http://x', token: 't', phoneNumberId: '1' },
    { to: '+966551234567', text: 'hi' },
    (() => Promise.resolve(Response.json({ messages: [{ id: 'wamid.A' }] }))) as typeof fetch,
  );
  assertEquals(sent, { ok: true, id: 'wamid.A' });
});

Deno.test('a webhook signature is the HMAC of the raw body; anything else is refused', async () => {
  const body = '{"entry":[]}';
  const signature = await signWebhook(body, 'app-secret');
  assertMatch(signature, /^sha256=[0-9a-f]{64}$/);
  assert(await verifyWebhookSignature(body, signature, 'app-secret'));
  assert(await verifyWebhookSignature(body, signature.toUpperCase().replace('SHA256', 'sha256'), 'app-secret'));
  assert(!(await verifyWebhookSignature(`${body} `, signature, 'app-secret')));
  assert(!(await verifyWebhookSignature(body, signature, 'other-secret')));
  assert(!(await verifyWebhookSignature(body, null, 'app-secret')));
  assert(!(await verifyWebhookSignature(body, 'sha256=abc', 'app-secret')));
  assert(!(await verifyWebhookSignature(body, signature, '')));
});

Deno.test('webhooks: text, a placeholder for media and locations, statuses with their error', () => {
  const value = {
    metadata: { phone_number_id: '100000000000001' },
    contacts: [{ wa_id: '966551234567', profile: { name: 'Omar' } }],
    messages: [
      { from: '966551234567', id: 'wamid.1', timestamp: '1764590400', type: 'text', text: { body: 'Hello' } },
      { from: '966551234567', id: 'wamid.2', timestamp: '1764590401', type: 'image', image: { caption: 'door' } },
      { from: '966551234567', id: 'wamid.3', timestamp: '1764590402', type: 'audio', audio: { voice: true } },
      { from: '966551234567', id: 'wamid.4', type: 'location', location: { latitude: 24.7, longitude: 46.6 } },
    ],
    statuses: [
      { id: 'wamid.9', status: 'read', timestamp: '1764590500' },
      { id: 'wamid.8', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] },
      { id: 'wamid.7', status: 'deleted' },
    ],
  };
  const parsed = parseWebhook({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ field: 'messages', value }] }],
  });
  assertEquals(
    parsed.messages.map((m) => m.body),
    ['Hello', '[Image] door', '[Voice message]', '[Location] https://maps.google.com/?q=24.7,46.6'],
  );
  assertEquals(parsed.messages[0], {
    phoneNumberId: '100000000000001',
    from: '+966551234567',
    id: 'wamid.1',
    body: 'Hello',
    sentAt: '2025-12-01T12:00:00.000Z',
    profileName: 'Omar',
  });
  assertEquals(
    parsed.statuses.map((s) => s.status),
    ['read', 'failed'],
  );
  assertMatch(parsed.statuses[1]!.error!, /Undeliverable.*131026/);
  assertEquals(parseWebhook('nonsense'), { messages: [], statuses: [] });
  assertEquals(parseWebhook({ entry: [{ changes: [null, { value: 3 }] }] }), { messages: [], statuses: [] });
});
