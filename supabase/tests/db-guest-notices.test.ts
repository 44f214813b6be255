/**
 * The guest hears what happens to their stay (issue 13): a public request received, confirmed,
 * declined or lapsed, and the review link after a direct stay. Each event files one guest notice
 * (public.guest_notices); the guest-notify edge function, called by the database through pg_net,
 * writes the messages in the guest's language and sends them through the SMS gateway's and the
 * e-mail provider's APIs — here the stack's sandboxes, whose messages land in the local outbox.
 *
 * Through supabase-js as a visitor, the owner, a team member, the other organisation's owner
 * and the service role; the outbox is read from the stack object.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG1, day, service, signInDemo, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let svc: Db;
let seededNotices: number | null;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  seededNotices = (await service(stack).from('guest_notices').select('id', { count: 'exact', head: true })).count;
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

let addressSeq = 0;
function visitor(): Db {
  const address = `127.0.${90 + Math.floor(addressSeq / 250)}.${2 + (addressSeq++ % 250)}`;
  return typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom(address) },
    }),
  );
}

let phoneSeq = 0;
const freshPhone = () => `+9665${String(93_000_000 + phoneSeq++).padStart(8, '0')}`;
let nextDay = 150;

interface Requested {
  booking_id: string;
  booking_reference: string;
  expires_at: string;
}

/** A visitor asks for two nights of unit 3, in `language`; the guest's e-mail when given. */
async function requestStay(language: 'en' | 'ar', email?: string) {
  // The unit limit (3 requests per unit per 10 minutes) is not what these tests are about.
  await stack.db.query(
    `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
  );
  const phone = freshPhone();
  const checkIn = day(nextDay);
  nextDay += 3;
  const { data, error } = await visitor().rpc('request_booking', {
    slug: 'demo',
    unit_id: unitId(3),
    check_in: checkIn,
    check_out: day(nextDay - 1),
    guests_count: 2,
    guest_name: language === 'ar' ? 'ريم العتيبي' : 'Omar Haddad',
    guest_phone: phone,
    guest_email: email,
    national_id: '1012345678',
    preferred_language: language,
  });
  if (error) throw new Error(`request_booking: ${error.message} (${error.hint})`);
  const requested = data as unknown as Requested;
  const { data: row } = await svc
    .from('bookings')
    .select('id')
    .eq('booking_reference', requested.booking_reference)
    .single()
    .throwOnError();
  await stack.jobs.net.settle();
  return { ...requested, id: row.id, phone, checkIn };
}

/** What the outbox holds for `to`, oldest first (the outbox lists newest first). */
const outboxFor = (to: string) =>
  stack.stack.outbox
    .list()
    .filter((m) => m.to === to)
    .reverse();

async function noticesOf(bookingId: string) {
  const { data } = await svc
    .from('guest_notices')
    .select('id, kind, attempts, sent_at, failed_at, last_error')
    .eq('booking_id', bookingId)
    .order('created_at')
    .throwOnError();
  return data;
}

async function messagesOf(bookingId: string) {
  const { data } = await svc
    .from('messages')
    .select('channel, direction, status, to_address, subject, body, provider_message_id, notice_id, error, sent_at')
    .eq('booking_id', bookingId)
    .order('created_at')
    .throwOnError();
  return data;
}

describe('a public request tells the guest it arrived', () => {
  it('by SMS in Arabic, with the reference, the stay and the hold; recorded as sent', async () => {
    const stay = await requestStay('ar');
    const sms = outboxFor(stay.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', kind: 'sms_gateway' });
    expect(sms[0]!.body).toContain('استلمنا طلب حجزك');
    expect(sms[0]!.body).toContain(stay.booking_reference);
    expect(sms[0]!.body).toContain('ليلتان');
    expect(sms[0]!.body).toContain('محجوزة لك مؤقتًا حتى');

    const [notice] = await noticesOf(stay.id);
    expect(notice).toMatchObject({ kind: 'request_received', attempts: 1, failed_at: null, last_error: null });
    expect(notice!.sent_at).not.toBeNull();
    const messages = await messagesOf(stay.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'sms',
      direction: 'outbound',
      status: 'sent',
      to_address: stay.phone,
      body: sms[0]!.body,
      error: null,
    });
    expect(messages[0]!.provider_message_id).toMatch(/^\d+$/);
  });

  it('and by e-mail in English when the guest gave one: subject, details, a link to the place', async () => {
    const stay = await requestStay('en', 'omar.haddad@example.com');
    expect(outboxFor(stay.phone)[0]!.body).toMatch(/^.+: we received your booking request /);
    const [mail] = outboxFor('omar.haddad@example.com').filter((m) => m.body.includes(stay.booking_reference));
    expect(mail).toMatchObject({ channel: 'email', kind: 'guest_notice' });
    expect(mail!.subject).toBe(`Booking request ${stay.booking_reference} received – Nuzl Demo Stays`);
    expect(mail!.body).toContain('Hello Omar,');
    expect(mail!.body).toContain('Guests: 2 guests');
    expect(mail!.body).toContain(`/org/demo/units/${unitId(3)}`);
    const channels = (await messagesOf(stay.id)).map((m) => [m.channel, m.status]);
    expect(channels.sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
  });
});

describe('staff answer the request and the guest is told either way', () => {
  it('confirmed: check-in and check-out times, in the guest’s language', async () => {
    const stay = await requestStay('en');
    const confirmed = await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id);
    expect(confirmed.error).toBeNull();
    await stack.jobs.net.settle();
    const sms = outboxFor(stay.phone);
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toContain(`your booking ${stay.booking_reference} at`);
    expect(sms[1]!.body).toMatch(/Check in .+ from \d{1,2}:\d{2}/);
    expect((await noticesOf(stay.id)).map((n) => n.kind)).toEqual(['request_received', 'request_confirmed']);
  });

  it('declined with a reason: the reason and a way to pick other dates', async () => {
    const stay = await requestStay('ar');
    const declined = await owner1
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: 'الوحدة تحت الصيانة في هذه الفترة' })
      .eq('id', stay.id);
    expect(declined.error).toBeNull();
    await stack.jobs.net.settle();
    const last = outboxFor(stay.phone).at(-1)!;
    expect(last.body).toContain('نعتذر، لم يتمكن المضيف من قبول طلب حجزك');
    expect(last.body).toContain('السبب: الوحدة تحت الصيانة في هذه الفترة');
    expect(last.body).toContain('يمكنك اختيار تواريخ أخرى');
  });

  it('lapsed: the hold ran out before anyone answered', async () => {
    const stay = await requestStay('en');
    await svc
      .from('bookings')
      .update({ request_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', stay.id)
      .throwOnError();
    await stack.db.query('select private.expire_pending_requests()');
    await stack.jobs.net.settle();
    const last = outboxFor(stay.phone).at(-1)!;
    expect(last.body).toContain(`your booking request ${stay.booking_reference}`);
    expect(last.body).toContain('lapsed before the host confirmed it');
    expect((await noticesOf(stay.id)).map((n) => n.kind)).toEqual(['request_received', 'request_expired']);
  });

  it('each event is told once, however often the status moves', async () => {
    const stay = await requestStay('en');
    await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id).throwOnError();
    await stack.jobs.net.settle();
    // A manual redo: back to confirmed after an edit does not send "confirmed" again.
    await svc.from('bookings').update({ status: 'pending' }).eq('id', stay.id).throwOnError();
    await svc.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id).throwOnError();
    await stack.jobs.net.settle();
    expect(outboxFor(stay.phone)).toHaveLength(2);
  });
});

/** A guest in house at unit 4 from `from` for 3 nights (service role), checked out by the owner. */
async function checkedOutStay(guest: Record<string, string>, from: number, source: 'direct' | 'airbnb') {
  const { data: client } = await svc
    .from('clients')
    .insert({ organization_id: ORG1, phone: freshPhone(), name: 'Guest', ...guest })
    .select('id, phone')
    .single()
    .throwOnError();
  const checkIn = day(from);
  const { data: booking } = await svc
    .from('bookings')
    .insert({
      organization_id: ORG1,
      unit_id: unitId(4),
      client_id: client.id,
      check_in: checkIn,
      check_out: day(from + 3),
      status: 'checked_in',
      source,
      booking_reference: 'set by bookings_before_write',
    })
    .select('id')
    .single()
    .throwOnError();
  await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', booking.id).throwOnError();
  await stack.jobs.net.settle();
  return { bookingId: booking.id, phone: client.phone!, checkIn };
}

describe('the review link after a direct stay', () => {
  it('check-out sends a working single-use link; the notice then forgets the token', async () => {
    const stay = await checkedOutStay(
      { name: 'Hessa Al-Mutairi', national_id: '1098765432', preferred_language: 'ar' },
      400,
      'direct',
    );
    const [sms] = outboxFor(stay.phone);
    expect(sms!.body).toContain('شكرًا لإقامتك');
    const token = /\/review\/([0-9a-f]{64})/.exec(sms!.body)?.[1];
    expect(token).toBeDefined();
    const shown = await visitor().rpc('review_invitation', { token: token! }).single();
    expect(shown.error).toBeNull();
    expect(shown.data).toMatchObject({ guest_first_name: 'Hessa', check_in: stay.checkIn });

    const [notice] = await noticesOf(stay.bookingId);
    expect(notice).toMatchObject({ kind: 'review_link' });
    expect(notice!.sent_at).not.toBeNull();
    const kept = await stack.db.query('select 1 from private.guest_notice_tokens where notice_id = $1', [notice!.id]);
    expect(kept.rows).toEqual([]);
  });

  it('an OTA stay gets no link from us (its guest reviews on the platform)', async () => {
    const stay = await checkedOutStay({ name: 'Airbnb Guest', passport_number: 'X1234567' }, 410, 'airbnb');
    expect(await noticesOf(stay.bookingId)).toEqual([]);
    expect(outboxFor(stay.phone)).toEqual([]);
  });
});

describe('who sees notices, and who may drive them', () => {
  it('staff of the organisation read notices and messages; the other organisation and visitors do not', async () => {
    const stay = await requestStay('en');
    const mine = await member1.from('guest_notices').select('kind, sent_at').eq('booking_id', stay.id);
    expect(mine.error).toBeNull();
    expect(mine.data).toHaveLength(1);
    const theirs = await owner2.from('guest_notices').select('kind').eq('booking_id', stay.id);
    expect(theirs.data).toEqual([]);
    const theirMessages = await owner2.from('messages').select('id').eq('booking_id', stay.id);
    expect(theirMessages.data).toEqual([]);
    expect((await visitor().from('guest_notices').select('id')).error?.code).toBe('42501');
  });

  it('staff cannot file, claim or finish notices', async () => {
    const { data } = await svc.from('guest_notices').select('id, booking_id').limit(1).single().throwOnError();
    const insert = await owner1
      .from('guest_notices')
      .insert({ organization_id: ORG1, booking_id: data.booking_id, kind: 'request_confirmed' });
    expect(insert.error?.code).toBe('42501');
    expect((await owner1.rpc('guest_notice_claim', { notice_id: data.id })).error?.code).toBe('42501');
    expect((await owner1.rpc('guest_notice_finish', { notice_id: data.id })).error?.code).toBe('42501');
    expect((await owner1.rpc('guest_notices_due')).error?.code).toBe('42501');
  });

  it('the function answers only a service key', async () => {
    const call = (key: string) =>
      fetch(`${stack.apiUrl}/functions/v1/guest-notify`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    expect((await call(stack.anonKey)).status).toBe(401);
    const due = await call(stack.serviceRoleKey);
    expect(due.status).toBe(200);
    expect(await due.json()).toEqual({ results: [] });
    const bad = await fetch(`${stack.apiUrl}/functions/v1/guest-notify`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
      body: JSON.stringify({ id: 'not-a-uuid' }),
    });
    expect(bad.status).toBe(400);
  });

  it('the seed’s demo bookings filed no notice (their guests are demo history)', () => {
    expect(seededNotices).toBe(0);
  });
});

describe('delivery state: lease, back-off, giving up', () => {
  it('a leased notice is not claimed twice; failures back off 1 min, 5 min … and give up after 6', async () => {
    const stay = await requestStay('en');
    const { data: inserted } = await svc
      .from('guest_notices')
      .insert({ organization_id: ORG1, booking_id: stay.id, kind: 'request_declined' })
      .select('id')
      .single()
      .throwOnError();
    const id = inserted.id;
    const first = await svc.rpc('guest_notice_claim', { notice_id: id });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ id, kind: 'request_declined', attempts: 1, messages: [] });
    expect((await svc.rpc('guest_notice_claim', { notice_id: id })).data).toBeNull();

    const failed = await svc.rpc('guest_notice_finish', { notice_id: id, error: 'sms: SMS gateway 503' });
    expect(failed.data).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      last_error: 'sms: SMS gateway 503',
    });
    const wait = (at: string) => Math.round((new Date(at).getTime() - Date.now()) / 60_000);
    expect(wait((failed.data as { next_attempt_at: string }).next_attempt_at)).toBe(1);
    expect((await svc.rpc('guest_notices_due')).data).not.toContain(id);

    const minutes: number[] = [];
    for (let attempt = 2; attempt <= 6; attempt++) {
      await svc
        .from('guest_notices')
        .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .eq('id', id);
      expect((await svc.rpc('guest_notices_due')).data).toContain(id);
      expect((await svc.rpc('guest_notice_claim', { notice_id: id })).data).toMatchObject({ attempts: attempt });
      const next = await svc.rpc('guest_notice_finish', { notice_id: id, error: 'still down' });
      const row = next.data as { next_attempt_at: string; failed_at: string | null };
      if (attempt < 6) minutes.push(wait(row.next_attempt_at));
      else expect(row.failed_at).not.toBeNull();
    }
    expect(minutes).toEqual([5, 30, 120, 720]);
    expect((await svc.rpc('guest_notice_claim', { notice_id: id })).data).toBeNull();
  });
});
