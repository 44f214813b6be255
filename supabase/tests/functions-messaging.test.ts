/**
 * Guest messaging (issue 16) through the messaging edge function against the stack's WhatsApp and
 * SMS sandboxes: Meta's 24-hour window (free text refused by the provider → the message failed with
 * the reason; an approved template outside the window sent), idempotency (send_message twice with
 * one key, /send twice: one provider send), retries (a provider failure backs off, the retry sends),
 * signed webhooks (a reply stored; a forged one 401 and nothing stored), receipts (delivered → read,
 * never backwards), the verify-token handshake, Unifonic (CorrelationID) and SMS delivery reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { DEMO, ORG1, service, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';
import {
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  LOCAL_WHATSAPP_TOKEN,
  LOCAL_WHATSAPP_VERIFY_TOKEN,
} from '../local/whatsapp/sandbox';
import { LOCAL_SMS_SENDER, LOCAL_SMS_WEBHOOK_TOKEN, LOCAL_UNIFONIC_APP_SID } from '../local/sms/sandbox';

let stack: TestStack;
let svc: Db;
let owner: Db;
/** A guest of org 1 who has written on WhatsApp (window open) and one who never has. */
let talker: { id: string; phone: string };
let silent: { id: string; phone: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers and rows checked field by field
type Json = Record<string, any>;

async function newGuest(name: string, phone: string) {
  const { data } = await svc
    .from('clients')
    .insert({ organization_id: ORG1, name, phone, national_id: `1${phone.slice(-9)}`, preferred_language: 'en' })
    .select('id, phone')
    .single()
    .throwOnError();
  return data as { id: string; phone: string };
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner = stack.client({ accessToken: await stack.userToken({ sub: DEMO.owner1.id }) }) as unknown as Db;
  // Org 1's WhatsApp number is the sandbox's (as the seed connects it), whatever the seed says.
  await svc
    .from('messaging_settings')
    .upsert({
      organization_id: ORG1,
      whatsapp_phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      whatsapp_display_phone: '+966 11 000 0001',
      whatsapp_status: 'active',
    })
    .throwOnError();
  await svc
    .from('messaging_secrets')
    .upsert({ organization_id: ORG1, provider: 'whatsapp', access_token: LOCAL_WHATSAPP_TOKEN })
    .throwOnError();
  talker = await newGuest('Talking Guest', '+966551110001');
  silent = await newGuest('Silent Guest', '+966551110002');
}, 180_000);
afterAll(() => stack?.stop());

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const response = await fetch(`${stack.apiUrl}/functions/v1/messaging${path}`, {
    method: 'POST',
    ...rest,
    headers: { 'content-type': 'application/json', ...(rest.headers as Record<string, string>) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}
const sendNow = (id?: string) =>
  call('/send', { json: id ? { id } : {}, headers: { authorization: `Bearer ${stack.serviceRoleKey}` } });

const messageRow = async (id: string) =>
  (await svc.from('messages').select('*').eq('id', id).single().throwOnError()).data as Json;

/** A queued outbound message written as the service role (what send_message inserts). */
async function queued(fields: Json) {
  const { data } = await svc
    .from('messages')
    .insert({ organization_id: ORG1, direction: 'outbound', status: 'queued', ...fields } as never)
    .select('id')
    .single()
    .throwOnError();
  return (data as { id: string }).id;
}

describe('WhatsApp webhooks', () => {
  it('answers the verify-token handshake only with the right token', async () => {
    const url = (token: string) =>
      `${stack.apiUrl}/functions/v1/messaging/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=8675309`;
    const ok = await fetch(url(LOCAL_WHATSAPP_VERIFY_TOKEN));
    expect([ok.status, await ok.text()]).toEqual([200, '8675309']);
    expect((await fetch(url('guess'))).status).toBe(403);
  });

  it('stores a guest’s signed reply, once, and refuses a forged one without storing it', async () => {
    const played = await stack.stack.whatsapp.playInbound({
      from: talker.phone,
      body: 'Is early check-in possible?',
      profile_name: 'Talking Guest',
    });
    expect(played.webhook.status).toBe(200);
    const { data: inbound } = await svc
      .from('messages')
      .select('client_id, direction, channel, body, provider_message_id')
      .eq('provider_message_id', played.id)
      .throwOnError();
    expect(inbound).toEqual([
      {
        client_id: talker.id,
        direction: 'inbound',
        channel: 'whatsapp',
        body: 'Is early check-in possible?',
        provider_message_id: played.id,
      },
    ]);

    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID },
                messages: [
                  {
                    from: '966551110001',
                    id: 'wamid.FORGED',
                    timestamp: '1764590400',
                    type: 'text',
                    text: { body: 'x' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const forgedSignature = `sha256=${createHmac('sha256', 'not-the-app-secret').update(body).digest('hex')}`;
    const forged = await call('/webhooks/whatsapp', { body, headers: { 'x-hub-signature-256': forgedSignature } });
    expect(forged.status).toBe(401);
    expect((await call('/webhooks/whatsapp', { body })).status).toBe(401);
    const broken = '{"entry": [';
    const signedBroken = `sha256=${createHmac('sha256', LOCAL_WHATSAPP_APP_SECRET).update(broken).digest('hex')}`;
    expect(
      (await call('/webhooks/whatsapp', { body: broken, headers: { 'x-hub-signature-256': signedBroken } })).status,
    ).toBe(400);
    const { count } = await svc
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('provider_message_id', 'wamid.FORGED');
    expect(count).toBe(0);

    // Meta redelivers: the same signed webhook again stores nothing new.
    const again = JSON.stringify({
      entry: [
        {
          changes: [
            {
              value: {
                metadata: { phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID },
                messages: [
                  {
                    from: '966551110001',
                    id: played.id,
                    timestamp: '1764590400',
                    type: 'text',
                    text: { body: 'Is early check-in possible?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const signed = `sha256=${createHmac('sha256', LOCAL_WHATSAPP_APP_SECRET).update(again).digest('hex')}`;
    expect((await call('/webhooks/whatsapp', { body: again, headers: { 'x-hub-signature-256': signed } })).status).toBe(
      200,
    );
    const { count: copies } = await svc
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('provider_message_id', played.id);
    expect(copies).toBe(1);
  });
});

describe('sending on WhatsApp', () => {
  it('free text outside the window: the provider refuses it and the message fails with the reason', async () => {
    const id = await queued({
      client_id: silent.id,
      channel: 'whatsapp',
      to_address: silent.phone,
      body: 'Hello there',
    });
    const sent = await sendNow(id);
    expect(sent.status).toBe(200);
    expect(sent.body.results[0]).toMatchObject({ id, status: 'failed' });
    const row = await messageRow(id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/24-hour window.*template.*131047/);
    expect(stack.stack.whatsapp.messages.some((m) => m.direction === 'outbound' && m.body === 'Hello there')).toBe(
      false,
    );
  });

  it('an approved template outside the window is sent, with its parameters', async () => {
    const id = await queued({
      client_id: silent.id,
      channel: 'whatsapp',
      to_address: silent.phone,
      body: 'Your stay starts Thu 10 Dec',
      whatsapp_template: { name: 'pre_arrival', language: 'en', params: ['Silent', 'Thu 10 Dec'] },
    });
    expect((await sendNow(id)).body.results[0]).toMatchObject({ id, status: 'sent' });
    const row = await messageRow(id);
    expect(row.status).toBe('sent');
    const provider = stack.stack.whatsapp.messages.find((m) => m.id === row.provider_message_id)!;
    expect(provider).toMatchObject({
      waId: '966551110002',
      template: { name: 'pre_arrival', params: ['Silent', 'Thu 10 Dec'] },
    });
  });

  it('send_message twice with one key and /send twice: the guest gets one message', async () => {
    const key = crypto.randomUUID();
    const args = { client_id: talker.id, channel: 'whatsapp' as const, body: 'Yes, from 1 pm.', idempotency_key: key };
    const first = await owner.rpc('send_message', args);
    expect(first.error).toBeNull();
    const second = await owner.rpc('send_message', args);
    expect(second.error).toBeNull();
    const id = (first.data as Json).id as string;
    expect((second.data as Json).id).toBe(id);
    await stack.jobs.net.settle();
    await sendNow(id);
    await sendNow(id);
    const row = await messageRow(id);
    expect(row.status).toBe('sent');
    expect(stack.stack.whatsapp.messages.filter((m) => m.body === 'Yes, from 1 pm.')).toHaveLength(1);
  });

  it('a reply to a seeded conversation goes out: the sandbox knows the guest wrote (as Meta would)', async () => {
    const { data } = await svc
      .from('messages')
      .select('client_id')
      .eq('organization_id', ORG1)
      .eq('channel', 'whatsapp')
      .eq('direction', 'inbound')
      .not('client_id', 'is', null)
      .gt('created_at', new Date(Date.now() - 20 * 3600_000).toISOString())
      .limit(1)
      .throwOnError();
    const clientId = (data as Array<{ client_id: string }>)[0]!.client_id;
    const sent = await owner.rpc('send_message', {
      client_id: clientId,
      channel: 'whatsapp',
      body: 'Replying to the demo',
    });
    expect(sent.error).toBeNull();
    await stack.jobs.net.settle();
    await sendNow((sent.data as Json).id);
    expect(await messageRow((sent.data as Json).id)).toMatchObject({ status: 'sent', error: null });
  });

  it('a provider failure backs off and the retry sends it', async () => {
    stack.stack.whatsapp.failNext(131000);
    const id = await queued({ client_id: talker.id, channel: 'whatsapp', to_address: talker.phone, body: 'Retry me' });
    expect((await sendNow(id)).body.results[0]).toMatchObject({ id, status: 'retrying' });
    const waiting = await messageRow(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.error).toMatch(/131000/);
    expect(Date.parse(waiting.next_attempt_at)).toBeGreaterThan(Date.now());
    // Not due yet: the retry job's call leaves it alone.
    await sendNow();
    expect((await messageRow(id)).status).toBe('queued');
    // The back-off has passed.
    await svc
      .from('messages')
      .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() } as never)
      .eq('id', id)
      .throwOnError();
    const retried = await sendNow();
    expect(retried.body.results).toContainEqual(expect.objectContaining({ id, status: 'sent' }));
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(stack.stack.whatsapp.messages.filter((m) => m.body === 'Retry me')).toHaveLength(1);
  });

  it('receipts move the status forward only: delivered, then read', async () => {
    const id = await queued({ client_id: talker.id, channel: 'whatsapp', to_address: talker.phone, body: 'Receipts' });
    await sendNow(id);
    const wamid = (await messageRow(id)).provider_message_id as string;
    expect((await stack.stack.whatsapp.playStatus({ id: wamid, status: 'delivered' })).webhook.status).toBe(200);
    const delivered = await messageRow(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.delivered_at).not.toBeNull();
    await stack.stack.whatsapp.playStatus({ id: wamid, status: 'read' });
    await stack.stack.whatsapp.playStatus({ id: wamid, status: 'delivered' });
    const read = await messageRow(id);
    expect(read.status).toBe('read');
    expect(read.read_at).not.toBeNull();
  });
});

describe('SMS', () => {
  it('an organisation’s Unifonic account: CorrelationID is the message id; a delivery report marks it delivered', async () => {
    await svc
      .from('messaging_settings')
      .update({ sms_provider: 'unifonic', sms_sender: LOCAL_SMS_SENDER } as never)
      .eq('organization_id', ORG1)
      .throwOnError();
    await svc
      .from('messaging_secrets')
      .upsert({ organization_id: ORG1, provider: 'sms', access_token: LOCAL_UNIFONIC_APP_SID })
      .throwOnError();
    try {
      const id = await queued({
        client_id: silent.id,
        channel: 'sms',
        to_address: silent.phone,
        body: 'مرحبا من يونيفونك',
      });
      expect((await sendNow(id)).body.results[0]).toMatchObject({ id, status: 'sent' });
      const row = await messageRow(id);
      const gateway = stack.stack.sms.sent.find((m) => m.correlationId === id)!;
      expect(gateway).toMatchObject({ gateway: 'unifonic', to: '966551110002', body: 'مرحبا من يونيفونك' });
      expect(row.provider_message_id).toBe(gateway.id);

      const wrongToken = await fetch(`${stack.apiUrl}/functions/v1/messaging/webhooks/sms/unifonic?token=guess`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: gateway.id, status: 'Delivered' }),
      });
      expect(wrongToken.status).toBe(401);
      expect((await messageRow(id)).status).toBe('sent');

      const report = await fetch(`${stack.apiUrl}/_sandbox/sms/play/delivery`, {
        method: 'POST',
        body: JSON.stringify({ id: gateway.id, status: 'Delivered' }),
      });
      expect(((await report.json()) as Json).webhook.status).toBe(200);
      expect(await messageRow(id)).toMatchObject({ status: 'delivered' });
    } finally {
      await svc
        .from('messaging_settings')
        .update({ sms_provider: 'taqnyat', sms_sender: null } as never)
        .eq('organization_id', ORG1);
      await svc.from('messaging_secrets').delete().eq('organization_id', ORG1).eq('provider', 'sms');
    }
  });

  it('the platform’s Taqnyat account, and its delivery report', async () => {
    const id = await queued({
      client_id: silent.id,
      channel: 'sms',
      to_address: silent.phone,
      body: 'Taqnyat says hi',
    });
    expect((await sendNow(id)).body.results[0]).toMatchObject({ id, status: 'sent' });
    const providerId = (await messageRow(id)).provider_message_id as string;
    const response = await fetch(
      `${stack.apiUrl}/functions/v1/messaging/webhooks/sms/taqnyat?token=${LOCAL_SMS_WEBHOOK_TOKEN}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msgId: providerId, status: 'undelivered' }),
      },
    );
    expect(response.status).toBe(200);
    expect(await messageRow(id)).toMatchObject({ status: 'failed' });
  });
});

describe('e-mail', () => {
  it('goes through the e-mail provider in the guest’s language, with a subject when staff left none', async () => {
    const id = await queued({
      client_id: silent.id,
      channel: 'email',
      to_address: 'silent.guest@example.com',
      body: 'Your keys are at the desk.',
    });
    expect((await sendNow(id)).body.results[0]).toMatchObject({ id, status: 'sent' });
    const mails = stack.stack.outbox.list().filter((m) => m.to === 'silent.guest@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^A message from /);
    expect(mails[0]!.body).toContain('Your keys are at the desk.');
    expect((await messageRow(id)).provider_message_id).toBeTruthy();
  });
});

describe('who may call it', () => {
  it('only the service key sends; a provider test needs integrations.write', async () => {
    expect((await call('/send', { json: {}, headers: { authorization: `Bearer ${stack.anonKey}` } })).status).toBe(401);
    expect((await call('/providers/test', { json: { provider: 'whatsapp' } })).status).toBe(401);
    const tested = await call('/providers/test', {
      json: { provider: 'whatsapp' },
      headers: { authorization: `Bearer ${await stack.userToken({ sub: DEMO.owner1.id })}` },
    });
    expect(tested).toMatchObject({ status: 200, body: { ok: true, status: 'active' } });
    const settings = (
      await svc.from('messaging_settings').select('*').eq('organization_id', ORG1).single().throwOnError()
    ).data as Json;
    expect(settings.whatsapp_status).toBe('active');
    expect(settings.whatsapp_tested_at).not.toBeNull();

    // A token Meta refuses: a clear 422 with the reason, and the card shows the error.
    await svc
      .from('messaging_secrets')
      .update({ access_token: 'expired-token' })
      .eq('organization_id', ORG1)
      .eq('provider', 'whatsapp')
      .throwOnError();
    try {
      const refused = await call('/providers/test', {
        json: { provider: 'whatsapp' },
        headers: { authorization: `Bearer ${await stack.userToken({ sub: DEMO.owner1.id })}` },
      });
      expect(refused).toMatchObject({ status: 422, body: { code: 'messaging_provider_rejected' } });
      expect(refused.body.message).toMatch(/token.*\(WhatsApp 190\)/);
      const after = (
        await svc.from('messaging_settings').select('*').eq('organization_id', ORG1).single().throwOnError()
      ).data as Json;
      expect(after).toMatchObject({ whatsapp_status: 'error' });
      expect(after.whatsapp_error).toMatch(/190/);
    } finally {
      await svc
        .from('messaging_secrets')
        .update({ access_token: LOCAL_WHATSAPP_TOKEN })
        .eq('organization_id', ORG1)
        .eq('provider', 'whatsapp');
    }
    const sms = await call('/providers/test', {
      json: { provider: 'sms' },
      headers: { authorization: `Bearer ${await stack.userToken({ sub: DEMO.owner1.id })}` },
    });
    expect(sms).toMatchObject({ status: 200, body: { ok: true, provider: 'sms' } });
  });
});
