/**
 * Guest messaging in the database (issue 16), as real users through supabase-js: message templates
 * (CRUD by settings.manage, unknown variables refused with 400 and the name), RLS of the new tables
 * for each role and the other organisation, send_message's refusals and idempotency, the WhatsApp
 * window opened by a guest's message (record_inbound_message, service role), receipts that only move
 * forward, inbound deduplication, STOP / START, the Inbox's conversations, unread counts and
 * mark_conversation_seen. Automatic messages: db-messaging-automations.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG1, ORG2, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;
let vendor1: Db;

/** Status, SQLSTATE and key of a refusal. */
function refusal(result: { status: number; error: { code?: string; hint?: string | null } | null }) {
  return { status: result.status, code: result.error?.code, hint: result.error?.hint };
}

let phoneSeq = 0;
/** A fresh guest of org 1 (or `org`) with a unique phone. */
async function newGuest(
  opts: { org?: string; phone?: string; email?: string | null; language?: 'en' | 'ar'; name?: string } = {},
) {
  const phone = opts.phone ?? `+96655${String(7_000_000 + phoneSeq++).padStart(7, '0')}`;
  const { data } = await svc
    .from('clients')
    .insert({
      organization_id: opts.org ?? ORG1,
      name: opts.name ?? `Guest ${randomUUID().slice(0, 6)}`,
      phone,
      email: opts.email ?? null,
      preferred_language: opts.language ?? 'en',
      national_id: `10${String(60_000_000 + phoneSeq++).padStart(8, '0')}`,
    })
    .select('id, phone')
    .single()
    .throwOnError();
  return data;
}

/** The guest writes on WhatsApp to org 1's number (what the webhook records). */
async function inbound(phone: string, body: string, providerId = `wamid.${randomUUID()}`, channel = 'whatsapp') {
  const { data, error } = await svc.rpc('record_inbound_message', {
    phone_number_id: '100000000000001',
    channel: channel as 'whatsapp',
    from_address: phone.replace(/^\+/, ''),
    body,
    provider_message_id: providerId,
    sent_at: new Date().toISOString(),
    profile_name: 'Guest',
  });
  if (error) throw new Error(error.message);
  return data as string | null;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
}, 180_000);
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

describe('message templates', () => {
  it('every organisation has the defaults: one per automatic kind and three composer templates', async () => {
    const { data } = await owner1.from('message_templates').select('name, kind, body_en, body_ar').throwOnError();
    const kinds = data.filter((t) => t.kind !== null).map((t) => t.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['booking_confirmed', 'pre_arrival', 'check_in_day', 'check_out_day', 'invoice_issued']),
    );
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(data.filter((t) => t.kind === null).map((t) => t.name)).toEqual(
      expect.arrayContaining(['Welcome', 'Directions', 'Checkout reminder']),
    );
    expect(data.every((t) => t.body_en.length > 0 && t.body_ar.length > 0)).toBe(true);
  });

  it('holders of settings.manage write them; an unknown {{variable}} is a 400 naming it', async () => {
    const created = await owner1
      .from('message_templates')
      .insert({
        name: 'Late arrival',
        body_en: 'Hi {{ guest_name }}, see you at {{check_in_time}}.',
        body_ar: 'مرحبًا {{guest_name}}',
      })
      .select('id, organization_id')
      .single();
    expect(created.error).toBeNull();
    expect(created.data!.organization_id).toBe(ORG1);

    const typo = await owner1
      .from('message_templates')
      .update({ body_en: 'Hi {{guestname}}' })
      .eq('id', created.data!.id)
      .select('id');
    expect(refusal(typo)).toEqual({ status: 400, code: 'PT400', hint: 'template_unknown_variable' });
    expect(typo.error!.message).toBe('Unknown template variable: {{guestname}}');

    const badParam = await owner1.from('message_templates').insert({
      name: 'Approved',
      body_en: 'x',
      body_ar: 'x',
      whatsapp_template_name: 'stay_reminder',
      whatsapp_params: ['nights'],
    });
    expect(refusal(badParam)).toEqual({ status: 400, code: 'PT400', hint: 'template_unknown_variable' });

    // A team member (messages.read, no settings.manage) reads but cannot write.
    expect((await member1.from('message_templates').select('id').eq('id', created.data!.id)).data).toHaveLength(1);
    const memberEdit = await member1
      .from('message_templates')
      .update({ body_en: 'changed' })
      .eq('id', created.data!.id)
      .select('id');
    expect(memberEdit.data ?? []).toEqual([]);
    expect(
      (await member1.from('message_templates').insert({ name: 'x', body_en: 'x', body_ar: 'x' })).error?.code,
    ).toBe('42501');

    const removed = await owner1.from('message_templates').delete().eq('id', created.data!.id).select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('the other organisation, the vendor and visitors see none of org 1’s messaging rows', async () => {
    for (const table of ['message_templates', 'message_automations', 'messaging_settings'] as const) {
      const theirs = await owner2.from(table).select('organization_id');
      expect(theirs.error).toBeNull();
      expect(
        theirs.data!.every((r) => r.organization_id === ORG2),
        `owner2 ${table}`,
      ).toBe(true);
      expect((await vendor1.from(table).select('organization_id')).data ?? [], `vendor ${table}`).toEqual([]);
      expect((await stack.client('anon').from(table).select('organization_id')).data ?? [], `anon ${table}`).toEqual(
        [],
      );
    }
    const attack = await owner2
      .from('message_templates')
      .insert({ organization_id: ORG1, name: 'Forged', body_en: 'x', body_ar: 'x' });
    expect(attack.error?.code).toBe('42501');
  });

  it('the setup is read by staff and written only through the RPCs; the tokens by no browser', async () => {
    const settings = await member1
      .from('messaging_settings')
      .select('whatsapp_status, whatsapp_phone_number_id')
      .single();
    expect(settings.data).toEqual({ whatsapp_status: 'active', whatsapp_phone_number_id: '100000000000001' });
    const direct = await owner1
      .from('messaging_settings')
      .update({ whatsapp_status: 'error' })
      .eq('organization_id', ORG1)
      .select('organization_id');
    expect(direct.data ?? []).toEqual([]);
    expect((await owner1.from('messaging_secrets').select('*')).error?.code).toBe('42501');

    const quiet = await owner1.rpc('set_messaging_settings', {
      settings: { quiet_hours_start: '23:00', quiet_hours_end: '07:30', sms_sender: 'DemoStays' },
    });
    expect(quiet.error).toBeNull();
    expect(quiet.data).toMatchObject({
      quiet_hours_start: '23:00:00',
      quiet_hours_end: '07:30:00',
      sms_sender: 'DemoStays',
    });
    expect(refusal(await member1.rpc('set_messaging_settings', { settings: { quiet_hours_enabled: false } }))).toEqual({
      status: 403,
      code: '42501',
      hint: 'settings_manage_required',
    });
    expect(
      refusal(await owner1.rpc('set_messaging_settings', { settings: { quiet_hours_start: 'noon' } })),
    ).toMatchObject({
      status: 400,
      hint: 'invalid_input',
    });
    // Org 2 may not take org 1's WhatsApp number.
    expect(
      refusal(
        await owner2.rpc('set_messaging_provider', {
          provider: 'whatsapp',
          settings: { phone_number_id: '100000000000001' },
          secret: 'stolen',
        }),
      ),
    ).toEqual({ status: 409, code: 'PT409', hint: 'whatsapp_number_taken' });
    await owner1.rpc('set_messaging_settings', { settings: { quiet_hours_start: '22:00', quiet_hours_end: '08:00' } });
  });
});

describe('send_message', () => {
  it('queues a message rendered for the guest, once per idempotency key', async () => {
    const guest = await newGuest({ language: 'ar', name: 'ريم العتيبي' });
    const key = randomUUID();
    const first = await member1.rpc('send_message', {
      client_id: guest.id,
      channel: 'sms',
      body: 'مرحبًا {{guest_name}}، نحن في {{organization_name}}.',
      idempotency_key: key,
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      status: 'queued',
      direction: 'outbound',
      channel: 'sms',
      to_address: guest.phone,
      body: 'مرحبًا ريم العتيبي، نحن في نُزُل للإقامات.',
      organization_id: ORG1,
    });
    const again = await member1.rpc('send_message', {
      client_id: guest.id,
      channel: 'sms',
      body: 'other',
      idempotency_key: key,
    });
    expect(again.data!.id).toBe(first.data!.id);
    const rows = await svc.from('messages').select('id').eq('client_id', guest.id).throwOnError();
    expect(rows.data).toHaveLength(1);
  });

  it('refuses an opted-out guest, a missing e-mail, a bad phone, a long text, an unknown variable', async () => {
    const guest = await newGuest();
    await svc.from('clients').update({ messages_opt_out: true }).eq('id', guest.id).throwOnError();
    expect(refusal(await owner1.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Hi' }))).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'client_opted_out',
    });
    const plain = await newGuest({ phone: '12345' });
    expect(refusal(await owner1.rpc('send_message', { client_id: plain.id, channel: 'email', body: 'Hi' }))).toEqual({
      status: 400,
      code: 'PT400',
      hint: 'client_no_email',
    });
    expect(refusal(await owner1.rpc('send_message', { client_id: plain.id, channel: 'sms', body: 'Hi' }))).toEqual({
      status: 400,
      code: 'PT400',
      hint: 'invalid_phone',
    });
    const ok = await newGuest({ email: 'long@example.com' });
    expect(
      refusal(await owner1.rpc('send_message', { client_id: ok.id, channel: 'sms', body: 'x'.repeat(1001) })),
    ).toEqual({ status: 400, code: 'PT400', hint: 'message_too_long' });
    expect(
      (await owner1.rpc('send_message', { client_id: ok.id, channel: 'email', body: 'x'.repeat(1001), subject: 'Hi' }))
        .error,
    ).toBeNull();
    expect(
      refusal(await owner1.rpc('send_message', { client_id: ok.id, channel: 'sms', body: 'Hi {{nickname}}' })),
    ).toEqual({ status: 400, code: 'PT400', hint: 'template_unknown_variable' });
  });

  it('refuses WhatsApp when not connected, or outside the 24-hour window without an approved template', async () => {
    const theirs = await newGuest({ org: ORG2 });
    expect(
      refusal(await owner2.rpc('send_message', { client_id: theirs.id, channel: 'whatsapp', body: 'Hi' })),
    ).toEqual({
      status: 409,
      code: 'PT409',
      hint: 'whatsapp_not_connected',
    });
    const guest = await newGuest();
    expect((await owner1.rpc('whatsapp_window', { client_id: guest.id })).data).toEqual({
      open: false,
      closes_at: null,
      connected: true,
    });
    expect(refusal(await owner1.rpc('send_message', { client_id: guest.id, channel: 'whatsapp', body: 'Hi' }))).toEqual(
      {
        status: 409,
        code: 'PT409',
        hint: 'whatsapp_window_closed',
      },
    );
    // An approved template goes out whatever the window, with its parameters.
    const { data: template } = await owner1
      .from('message_templates')
      .insert({
        name: `Approved ${randomUUID().slice(0, 6)}`,
        body_en: 'Hello {{guest_name}}, we look forward to your stay.',
        body_ar: 'مرحبًا {{guest_name}}، ننتظر إقامتك.',
        whatsapp_template_name: 'stay_greeting',
        whatsapp_params: ['guest_name'],
      })
      .select('id')
      .single()
      .throwOnError();
    const sent = await owner1.rpc('send_message', {
      client_id: guest.id,
      channel: 'whatsapp',
      body: 'free text is ignored outside the window',
      template_id: template.id,
    });
    expect(sent.error).toBeNull();
    expect(sent.data!.body).toMatch(/^Hello Guest .*, we look forward to your stay\.$/);
    expect(sent.data!.template_id).toBe(template.id);
    expect(sent.data!.whatsapp_template).toMatchObject({ name: 'stay_greeting', language: 'en' });

    // The guest writes: the window opens and free text may go.
    await inbound(guest.phone, 'Hello, is parking free?');
    const window = (await owner1.rpc('whatsapp_window', { client_id: guest.id })).data as {
      open: boolean;
      closes_at: string;
    };
    expect(window.open).toBe(true);
    expect(Date.parse(window.closes_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const reply = await owner1.rpc('send_message', {
      client_id: guest.id,
      channel: 'whatsapp',
      body: 'Yes, it is free.',
    });
    expect(reply.error).toBeNull();
    expect(reply.data).toMatchObject({ body: 'Yes, it is free.', whatsapp_template: null });
  });

  it('is not for the vendor, visitors, or another organisation’s guest', async () => {
    const guest = await newGuest();
    expect((await vendor1.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Hi' })).error?.code).toBe(
      '42501',
    );
    expect(
      (await stack.client('anon').rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Hi' })).error?.code,
    ).toBe('42501');
    expect(refusal(await owner2.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Hi' }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'client_not_found',
    });
    const readOnly = await newStaff(stack, { org: ORG1, permissions: ['messages.read'] });
    expect(
      refusal(await readOnly.client.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Hi' })),
    ).toEqual({
      status: 403,
      code: '42501',
      hint: 'messages_write_required',
    });
  });
});

describe('provider reports', () => {
  it('statuses only move forward; a failure keeps its reason', async () => {
    const guest = await newGuest();
    const sent = await owner1.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Receipt test' });
    const id = sent.data!.id;
    expect((await svc.rpc('message_claim', { message_id: id })).data).toMatchObject({ message: { id } });
    expect((await svc.rpc('message_claim', { message_id: id })).data).toBeNull(); // leased
    await svc.rpc('message_finish', { message_id: id, provider_message_id: `sms-${id}` }).throwOnError();
    const report = (status: 'delivered' | 'read' | 'sent' | 'failed', error?: string) =>
      svc.rpc('record_message_status', { channel: 'sms', provider_message_id: `sms-${id}`, status, error });
    expect((await report('read')).data).toBe(id);
    await report('delivered');
    await report('sent');
    await report('failed', 'too late');
    const { data: row } = await svc
      .from('messages')
      .select('status, delivered_at, read_at, failed_at, error, attempts')
      .eq('id', id)
      .single()
      .throwOnError();
    expect(row).toMatchObject({ status: 'read', failed_at: null, error: null, attempts: 1 });
    expect(row.read_at).not.toBeNull();
    expect(row.delivered_at).not.toBeNull();

    const other = await owner1.rpc('send_message', { client_id: guest.id, channel: 'sms', body: 'Will fail' });
    await svc.rpc('message_finish', { message_id: other.data!.id, provider_message_id: 'sms-fails' }).throwOnError();
    await svc.rpc('record_message_status', {
      channel: 'sms',
      provider_message_id: 'sms-fails',
      status: 'failed',
      error: 'Handset off',
    });
    const failed = await svc
      .from('messages')
      .select('status, error, failed_at')
      .eq('id', other.data!.id)
      .single()
      .throwOnError();
    expect(failed.data).toMatchObject({ status: 'failed', error: 'Handset off' });
    expect(
      (await owner1.rpc('record_message_status', { channel: 'sms', provider_message_id: 'sms-fails', status: 'read' }))
        .error?.code,
    ).toBe('42501');
  });

  it('a failed attempt backs off and gives up after five', async () => {
    const guest = await newGuest();
    // Queued as the messaging function's own rows are, but not yet due: a row from send_message
    // would also be handed to the messaging function at once (pg_net), whose send could win the
    // race with this test's claims on a loaded machine.
    const { data } = await svc
      .from('messages')
      .insert({
        organization_id: ORG1,
        client_id: guest.id,
        channel: 'sms',
        direction: 'outbound',
        status: 'queued',
        to_address: guest.phone,
        body: 'Backoff',
        next_attempt_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .select('id')
      .single()
      .throwOnError();
    const id = data.id;
    expect((await svc.rpc('messages_due', { batch_size: 100 })).data).not.toContain(id);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await stack.db.query(`update public.messages set next_attempt_at = now() - interval '1 second' where id = $1`, [
        id,
      ]);
      expect((await svc.rpc('messages_due', { batch_size: 100 })).data).toContain(id);
      expect((await svc.rpc('message_claim', { message_id: id })).data).not.toBeNull();
      const finished = (await svc.rpc('message_finish', { message_id: id, error: 'gateway 503' })).data!;
      if (attempt < 5) waits.push(Math.round((Date.parse(finished.next_attempt_at!) - Date.now()) / 60_000));
      else expect(finished).toMatchObject({ status: 'failed', attempts: 5, error: 'gateway 503' });
    }
    expect(waits).toEqual([1, 5, 15, 60]);
    expect((await svc.rpc('messages_due', { batch_size: 100 })).data).not.toContain(id);
  });

  it('an incoming message is recorded once, for the guest with that phone; unknown numbers too', async () => {
    const guest = await newGuest({ name: 'Omar Haddad' });
    const providerId = `wamid.${randomUUID()}`;
    const first = await inbound(guest.phone, 'Hello there', providerId);
    expect(await inbound(guest.phone, 'Hello there', providerId)).toBe(first);
    const { data } = await svc
      .from('messages')
      .select('client_id, direction, status, seen_at')
      .eq('provider_message_id', providerId)
      .throwOnError();
    expect(data).toEqual([{ client_id: guest.id, direction: 'inbound', status: 'delivered', seen_at: null }]);
    // Staff holding messages.read hear of it.
    const note = await owner1
      .from('notifications')
      .select('event, params, link')
      .eq('dedupe_key', `message_received:${first}`);
    expect(note.data).toEqual([
      {
        event: 'message_received',
        params: expect.objectContaining({ name: 'Omar Haddad' }),
        link: `/dashboard/inbox?c=client%3A${guest.id}`,
      },
    ]);
    // A number that belongs to no organisation: nothing is recorded.
    const nobody = await svc.rpc('record_inbound_message', {
      phone_number_id: '999999',
      channel: 'whatsapp',
      from_address: '966500000111',
      body: 'Hi',
      provider_message_id: `wamid.${randomUUID()}`,
    });
    expect(nobody.data).toBeNull();
    expect(
      (
        await owner1.rpc('record_inbound_message', {
          phone_number_id: '100000000000001',
          channel: 'whatsapp',
          from_address: '966500000111',
          body: 'forged',
          provider_message_id: 'x',
        })
      ).error?.code,
    ).toBe('42501');
  });

  it('STOP opts the guest out (sends refused), START opts back in', async () => {
    const guest = await newGuest({ language: 'ar' });
    await inbound(guest.phone, ' إيقاف ');
    expect((await svc.from('clients').select('messages_opt_out').eq('id', guest.id).single()).data).toEqual({
      messages_opt_out: true,
    });
    expect(
      refusal(await owner1.rpc('send_message', { client_id: guest.id, channel: 'whatsapp', body: 'Hi' })),
    ).toMatchObject({
      hint: 'client_opted_out',
    });
    await inbound(guest.phone, 'start', `sms-${randomUUID()}`, 'sms');
    expect((await svc.from('clients').select('messages_opt_out').eq('id', guest.id).single()).data).toEqual({
      messages_opt_out: false,
    });
  });
});

describe('the Inbox', () => {
  it('one conversation per guest, newest first, with unread counts; opening marks them seen', async () => {
    const guest = await newGuest({ name: 'Inbox Guest' });
    await inbound(guest.phone, 'First question');
    await inbound(guest.phone, 'Second question');
    const list = await member1.rpc('inbox_conversations', { page_size: 5 });
    expect(list.error).toBeNull();
    const [top] = list.data!;
    expect(top).toMatchObject({
      conversation_key: `client:${guest.id}`,
      client_name: 'Inbox Guest',
      last_body: 'Second question',
      last_direction: 'inbound',
      last_channel: 'whatsapp',
      unread_count: 2,
      opted_out: false,
    });
    const times = list.data!.map((c) => Date.parse(c.last_message_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const unread = await member1.rpc('inbox_conversations', { unread_only: true, page_size: 100 });
    expect(unread.data!.every((c) => c.unread_count > 0)).toBe(true);
    const search = await member1.rpc('inbox_conversations', { search: 'inbox gu' });
    expect(search.data!.map((c) => c.client_id)).toEqual([guest.id]);
    // The seed's enquiry from an unknown number is its own conversation.
    const unknown = await member1.rpc('inbox_conversations', { search: '555000123' });
    expect(unknown.data).toEqual([
      expect.objectContaining({ conversation_key: 'address:+966555000123', client_id: null }),
    ]);

    expect((await owner2.rpc('mark_conversation_seen', { conversation_key: `client:${guest.id}` })).data).toBe(0);
    expect((await member1.rpc('mark_conversation_seen', { conversation_key: `client:${guest.id}` })).data).toBe(2);
    const after = await member1.rpc('inbox_conversations', { search: 'inbox gu' });
    expect(after.data![0]!.unread_count).toBe(0);
    // Paging: older than the newest conversation.
    const page2 = await member1.rpc('inbox_conversations', { before: top!.last_message_at, page_size: 100 });
    expect(page2.data!.some((c) => c.conversation_key === top!.conversation_key)).toBe(false);
  });

  it('another organisation, the vendor and visitors see no conversation of org 1', async () => {
    const theirs = await owner2.rpc('inbox_conversations', { page_size: 100 });
    const org1Clients = (await svc.from('clients').select('id').eq('organization_id', ORG1).throwOnError()).data.map(
      (c) => c.id,
    );
    expect(theirs.data!.filter((c) => c.client_id && org1Clients.includes(c.client_id))).toEqual([]);
    expect(theirs.data!.some((c) => c.conversation_key === 'address:+966555000123')).toBe(false);
    expect((await vendor1.rpc('inbox_conversations', {})).error?.code).toBe('42501');
    expect((await stack.client('anon').rpc('inbox_conversations', {})).error?.code).toBe('42501');
  });

  it('previews render the stay in the guest’s language; the door code only for locks.read', async () => {
    const { data: stay } = await svc
      .from('bookings')
      .select('id, booking_reference, unit_id')
      .eq('organization_id', ORG1)
      .eq('status', 'confirmed')
      .limit(1)
      .single()
      .throwOnError();
    await stack.db.query(
      `insert into public.booking_lock_codes (organization_id, booking_id, unit_id, code, starts_at, ends_at, state)
       values ($1, $2, $3, '482915', now(), now() + interval '2 days', 'active') on conflict do nothing`,
      [ORG1, stay.id, stay.unit_id],
    );
    const body = 'Ref {{booking_reference}}, code {{door_code}}, in {{check_in_date}} at {{check_in_time}}: {{total}}';
    const en = await member1.rpc('render_message_text', { body, booking_id: stay.id, language: 'en' });
    expect(en.error).toBeNull();
    const text = (en.data as { body: string }).body;
    expect(text).toContain(`Ref ${stay.booking_reference}, code 482915, in `);
    expect(text).toMatch(
      /in (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2} \d{4} at \d{1,2}:\d{2} (AM|PM): [\d,]+\.\d{2} SAR$/,
    );
    const ar = await member1.rpc('render_message_text', {
      body: '{{check_in_date}} {{total}}',
      booking_id: stay.id,
      language: 'ar',
    });
    expect((ar.data as { body: string }).body).toMatch(
      /^(الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت) \d{1,2} \S+ \d{4} [\d,]+\.\d{2} ر\.س$/,
    );
    const noLocks = await newStaff(stack, { org: ORG1, permissions: ['messages.read'] });
    const hidden = await noLocks.client.rpc('render_message_text', { body, booking_id: stay.id, language: 'en' });
    expect((hidden.data as { body: string }).body).toContain('code ••••,');
    expect(refusal(await owner2.rpc('render_message_text', { body, booking_id: stay.id }))).toMatchObject({
      status: 404,
    });
    const unknown = await member1.rpc('render_message_text', { body: 'Hi {{nick}}' });
    expect(unknown.data).toMatchObject({ unknown: ['nick'] });
  });
});

describe('rows written directly', () => {
  it('a browser’s own insert is held: never claimed, never due (send_message checks the refusals)', async () => {
    const guest = await newGuest();
    await svc.from('clients').update({ messages_opt_out: true }).eq('id', guest.id).throwOnError();
    const { data } = await member1
      .from('messages')
      .insert({ client_id: guest.id, channel: 'sms', to_address: guest.phone, body: 'Around the checks' })
      .select('id, status')
      .single()
      .throwOnError();
    expect(data.status).toBe('queued');
    expect((await svc.rpc('messages_due', { batch_size: 100 })).data).not.toContain(data.id);
    expect((await svc.rpc('message_claim', { message_id: data.id })).data).toBeNull();
  });
});
