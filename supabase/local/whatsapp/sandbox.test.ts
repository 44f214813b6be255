import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWhatsappSandbox,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  LOCAL_WHATSAPP_TOKEN,
} from './sandbox';

// A webhook receiver standing in for the messaging function: keeps each body and its signature.
const received: Array<{ body: string; signature: string | undefined }> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ body, signature: req.headers['x-hub-signature-256'] as string | undefined });
    res.end('ok');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (sandbox: ReturnType<typeof createWhatsappSandbox>, body: unknown, token = LOCAL_WHATSAPP_TOKEN) =>
  sandbox.handle(
    new Request(`http://sandbox/v21.0/${LOCAL_WHATSAPP_PHONE_NUMBER_ID}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
const text = { messaging_product: 'whatsapp', to: '966551234567', type: 'text', text: { body: 'Hi' } };
const template = {
  messaging_product: 'whatsapp',
  to: '966551234567',
  type: 'template',
  template: {
    name: 'pre_arrival',
    language: { code: 'ar' },
    components: [{ type: 'body', parameters: [{ type: 'text', text: 'Omar' }] }],
  },
};

describe('the WhatsApp Cloud API sandbox', () => {
  it('refuses free text outside the 24-hour window (131047) but sends an approved template', async () => {
    const sandbox = createWhatsappSandbox({ webhookUrl: () => url });
    const refused = await send(sandbox, text);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 131047, type: 'OAuthException' } });
    const sent = await send(sandbox, template);
    expect(sent.status).toBe(200);
    const body = (await sent.json()) as { contacts: unknown; messages: Array<{ id: string }> };
    expect(body.contacts).toEqual([{ input: '966551234567', wa_id: '966551234567' }]);
    expect(body.messages[0]!.id).toMatch(/^wamid\./);
    expect(sandbox.messages[0]).toMatchObject({
      direction: 'outbound',
      template: { name: 'pre_arrival', params: ['Omar'] },
    });
  });

  it('opens the window with a played inbound message, posted as a signed webhook', async () => {
    const sandbox = createWhatsappSandbox({ webhookUrl: () => url });
    received.length = 0;
    const played = await sandbox.playInbound({
      from: '+966551234567',
      body: 'When can I check in?',
      profile_name: 'Omar',
    });
    expect(played.webhook.status).toBe(200);
    const [hook] = received;
    expect(hook!.signature).toBe(
      `sha256=${createHmac('sha256', LOCAL_WHATSAPP_APP_SECRET).update(hook!.body).digest('hex')}`,
    );
    expect(JSON.parse(hook!.body)).toMatchObject({
      entry: [
        {
          changes: [
            {
              value: {
                metadata: { phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID },
                messages: [{ from: '966551234567', text: { body: 'When can I check in?' } }],
              },
            },
          ],
        },
      ],
    });
    expect((await send(sandbox, text)).status).toBe(200);
    const outbound = sandbox.messages[0]!;
    const status = await sandbox.playStatus({ id: outbound.id, status: 'read' });
    expect(status.webhook.status).toBe(200);
    expect(JSON.parse(received[1]!.body).entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: outbound.id,
      status: 'read',
    });
  });

  it('checks the token, fails on demand and refuses bad parameters', async () => {
    const sandbox = createWhatsappSandbox();
    expect(await (await send(sandbox, template, 'wrong')).json()).toMatchObject({ error: { code: 190 } });
    sandbox.failNext(131000);
    expect((await send(sandbox, template)).status).toBe(500);
    expect((await send(sandbox, template)).status).toBe(200);
    expect((await send(sandbox, { ...template, to: 'abc' })).status).toBe(400);
    expect((await send(sandbox, { ...text, type: 'sticker' })).status).toBe(400);
  });
});

describe('the local outbox with WhatsApp', () => {
  it('lists sends and replies with their direction and receipt, and buttons to play the guest’s side', async () => {
    const { createOutbox } = await import('../auth/outbox');
    const outbox = createOutbox();
    const sandbox = createWhatsappSandbox({ outbox, webhookUrl: () => url });
    await sandbox.playInbound({ from: '+966551234567', body: 'Hello host' });
    await send(sandbox, text);
    await sandbox.playStatus({ id: sandbox.messages[0]!.id, status: 'delivered' });
    const list = outbox.list();
    expect(list.map((m) => [m.channel, m.direction, m.status, m.body])).toEqual([
      ['whatsapp', 'outbound', 'delivered', 'Hi'],
      ['whatsapp', 'inbound', 'received', 'Hello host'],
    ]);
    const page = await (await outbox.handle(new Request('http://stack/_local/outbox/page'))).text();
    expect(page).toContain('WHATSAPP</span> from <b>+966551234567</b>');
    expect(page).toContain('Play inbound reply');
    expect(page).toContain('Mark read');
    expect(page).toContain('/_sandbox/whatsapp/play/status');
  });
});
