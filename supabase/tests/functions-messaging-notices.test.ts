/**
 * Automatic guest messages (issue 16) through guest-notify against the stack's sandboxes: with the
 * organisation's WhatsApp connected, a guest who wrote in the last 24 hours gets the notice as
 * WhatsApp free text; outside the window the organisation's approved WhatsApp template goes out
 * (its name and the rendered parameters); without one, SMS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG1, service, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { LOCAL_WHATSAPP_PHONE_NUMBER_ID, LOCAL_WHATSAPP_TOKEN } from '../local/whatsapp/sandbox';

let stack: TestStack;
let svc: Db;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows checked field by field
type Json = Record<string, any>;
/** Confirmed future stays of org 1 with distinct guests, each guest given a phone of this test. */
const stays: Array<{ booking: string; client: string; phone: string }> = [];

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  await svc
    .from('messaging_settings')
    .upsert({
      organization_id: ORG1,
      whatsapp_phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      whatsapp_status: 'active',
    })
    .throwOnError();
  await svc
    .from('messaging_secrets')
    .upsert({ organization_id: ORG1, provider: 'whatsapp', access_token: LOCAL_WHATSAPP_TOKEN })
    .throwOnError();
  const { data } = await svc
    .from('bookings')
    .select('id, client_id, check_in')
    .eq('organization_id', ORG1)
    .eq('status', 'confirmed')
    .gte('check_in', new Date().toISOString().slice(0, 10))
    .order('check_in')
    .throwOnError();
  const seen = new Set<string>();
  for (const b of (data ?? []) as Array<{ id: string; client_id: string }>) {
    if (seen.has(b.client_id) || stays.length === 3) continue;
    seen.add(b.client_id);
    const phone = `+96655222000${stays.length}`;
    await svc.from('clients').update({ phone, messages_opt_out: false }).eq('id', b.client_id).throwOnError();
    stays.push({ booking: b.id, client: b.client_id, phone });
  }
  expect(stays).toHaveLength(3);
  // The seed's conversations are not the WhatsApp sandbox's: these guests start without a window.
  await svc
    .from('messages')
    .delete()
    .in(
      'client_id',
      stays.map((s) => s.client),
    )
    .eq('direction', 'inbound')
    .throwOnError();
}, 180_000);
afterAll(() => stack?.stop());

/** Files a due notice of `kind` for a stay and has guest-notify deliver it. */
async function deliver(booking: string, kind: 'check_in_day' | 'check_out_day') {
  await svc.from('guest_notices').delete().eq('booking_id', booking).eq('kind', kind);
  const { data } = await svc
    .from('guest_notices')
    .insert({
      organization_id: ORG1,
      booking_id: booking,
      kind,
      next_attempt_at: new Date(Date.now() - 60_000).toISOString(),
    } as never)
    .select('id')
    .single()
    .throwOnError();
  const id = (data as { id: string }).id;
  const response = await fetch(`${stack.apiUrl}/functions/v1/guest-notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  expect(response.status).toBe(200);
  const messages = (await svc.from('messages').select('*').eq('notice_id', id).throwOnError()).data as Json[];
  return { result: ((await response.json()) as Json).results[0] as Json, messages };
}

describe('automatic messages on WhatsApp', () => {
  it('inside the 24-hour window: WhatsApp free text instead of SMS', async () => {
    const stay = stays[0]!;
    const played = await stack.stack.whatsapp.playInbound({ from: stay.phone, body: 'See you soon!' });
    expect(played.webhook.status).toBe(200);
    const { result, messages } = await deliver(stay.booking, 'check_in_day');
    expect(result.status).toBe('sent');
    const phone = messages.filter((m) => m.channel !== 'email');
    expect(phone.map((m) => [m.channel, m.status])).toEqual([['whatsapp', 'sent']]);
    const sent = stack.stack.whatsapp.messages.find((m) => m.id === phone[0]!.provider_message_id)!;
    expect(sent).toMatchObject({ direction: 'outbound', waId: stay.phone.slice(1), template: null });
    expect(sent.body).toBe(phone[0]!.body);
  });

  it('outside the window: the organisation’s approved template with its parameters; without one, SMS', async () => {
    await svc
      .from('message_templates')
      .update({
        whatsapp_template_name: 'check_out_reminder',
        whatsapp_params: ['guest_name', 'check_out_time'],
      } as never)
      .eq('organization_id', ORG1)
      .eq('kind', 'check_out_day')
      .throwOnError();
    const stay = stays[1]!;
    const { result, messages } = await deliver(stay.booking, 'check_out_day');
    expect(result.status).toBe('sent');
    const wa = messages.find((m) => m.channel === 'whatsapp')!;
    expect(wa.whatsapp_template).toMatchObject({ name: 'check_out_reminder' });
    const sent = stack.stack.whatsapp.messages.find((m) => m.id === wa.provider_message_id)!;
    expect(sent.template).toMatchObject({ name: 'check_out_reminder' });
    expect(sent.template!.params).toHaveLength(2);
    expect(sent.template!.params[0]).not.toBe('');

    const other = stays[2]!;
    const plain = await deliver(other.booking, 'check_in_day');
    expect(plain.messages.filter((m) => m.channel !== 'email').map((m) => m.channel)).toEqual(['sms']);
    expect(plain.result.status).toBe('sent');
  });
});
