import { describe, expect, it } from 'vitest';
import type { Outbox, OutboxMessage } from '../types';
import { createSmsSandbox, LOCAL_SMS_API_KEY, LOCAL_UNIFONIC_APP_SID, smsParts } from './sandbox';

function memoryOutbox(): Outbox {
  const messages: OutboxMessage[] = [];
  return {
    add: (message) => {
      const full = { ...message, id: String(messages.length + 1), createdAt: new Date().toISOString() };
      messages.unshift(full);
      return full;
    },
    list: () => messages,
    clear: () => void messages.splice(0),
  };
}

const send = (
  sandbox: ReturnType<typeof createSmsSandbox>,
  body: unknown,
  token = LOCAL_SMS_API_KEY,
  path = '/v1/messages',
) =>
  sandbox.handle(
    new Request(`http://sandbox${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

describe('the SMS gateway sandbox (Taqnyat’s send contract)', () => {
  it('accepts a message: 201 with the gateway’s fields, one outbox entry per accepted number', async () => {
    const outbox = memoryOutbox();
    const sandbox = createSmsSandbox(outbox);
    const answer = await send(sandbox, {
      recipients: ['966551234567', '+966', '971501234567'],
      body: 'مرحبا',
      sender: 'Nuzl',
    });
    expect(answer.status).toBe(201);
    const json = (await answer.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      statusCode: 201,
      currency: 'SAR',
      totalCount: 2,
      msgLength: 1,
      accepted: '[966551234567,971501234567,]',
      rejected: '[+966,]',
    });
    expect(typeof json.messageId).toBe('number');
    expect(outbox.list().map((m) => [m.channel, m.to, m.body, m.kind])).toEqual([
      ['sms', '+971501234567', 'مرحبا', 'sms_gateway'],
      ['sms', '+966551234567', 'مرحبا', 'sms_gateway'],
    ]);
  });

  it('refuses what the gateway refuses: token, sender, body, recipients, JSON, path', async () => {
    const sandbox = createSmsSandbox(memoryOutbox());
    const ok = { recipients: ['966551234567'], body: 'Hi', sender: 'Nuzl' };
    expect((await send(sandbox, ok, 'wrong')).status).toBe(401);
    expect((await send(sandbox, { ...ok, sender: 'Other' })).status).toBe(400);
    expect((await send(sandbox, { ...ok, body: ' ' })).status).toBe(400);
    expect((await send(sandbox, { ...ok, recipients: [] })).status).toBe(400);
    expect((await send(sandbox, { ...ok, recipients: ['0551234567x'] })).status).toBe(400);
    expect((await send(sandbox, '{not json')).status).toBe(400);
    expect((await send(sandbox, ok, LOCAL_SMS_API_KEY, '/v1/other')).status).toBe(404);
  });

  it('counts parts as the network does: 160/153 in GSM-7, 70/67 in Unicode (Arabic)', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('{'.repeat(80))).toBe(1);
    expect(smsParts('{'.repeat(81))).toBe(2);
    expect(smsParts('م'.repeat(70))).toBe(1);
    expect(smsParts('م'.repeat(71))).toBe(2);
    expect(smsParts('م'.repeat(134))).toBe(2);
    expect(smsParts('م'.repeat(135))).toBe(3);
  });
});

describe('the SMS gateway sandbox (Unifonic’s REST contract)', () => {
  const unifonic = (
    sandbox: ReturnType<typeof createSmsSandbox>,
    fields: Record<string, string>,
    path = '/rest/SMS/messages',
  ) =>
    sandbox.handle(
      new Request(`http://sandbox${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  const fields = {
    AppSid: LOCAL_UNIFONIC_APP_SID,
    SenderID: 'Nuzl',
    Recipient: '966551234567',
    Body: 'مرحبا',
    responseType: 'JSON',
    CorrelationID: 'message-1',
  };

  it('sends once per CorrelationID: a repeat answers the first MessageID and sends nothing', async () => {
    const outbox = memoryOutbox();
    const sandbox = createSmsSandbox(outbox);
    const first = (await (await unifonic(sandbox, fields)).json()) as { success: boolean; data: { MessageID: number } };
    expect(first.success).toBe(true);
    const again = (await (await unifonic(sandbox, fields)).json()) as { data: { MessageID: number } };
    expect(again.data.MessageID).toBe(first.data.MessageID);
    expect(outbox.list().map((m) => [m.to, m.providerId])).toEqual([['+966551234567', String(first.data.MessageID)]]);
    expect((await unifonic(sandbox, { ...fields, CorrelationID: 'message-2' })).status).toBe(200);
    expect(outbox.list()).toHaveLength(2);
  });

  it('refuses a wrong AppSid, an unapproved sender and a bad number as Unifonic does', async () => {
    const sandbox = createSmsSandbox(memoryOutbox());
    const wrong = await unifonic(sandbox, { ...fields, AppSid: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ success: false, errorCode: 'ER-01' });
    expect((await unifonic(sandbox, { ...fields, SenderID: 'Other' })).status).toBe(400);
    expect((await unifonic(sandbox, { ...fields, Recipient: '+9665' })).status).toBe(400);
    const balance = await unifonic(sandbox, { AppSid: LOCAL_UNIFONIC_APP_SID }, '/rest/Account/GetBalance');
    expect(await balance.json()).toMatchObject({ success: true, data: { Balance: '250.00' } });
  });
});
