/**
 * Automatic guest messages (issue 16) in the database: the schedule
 * (private.file_scheduled_guest_notices(at), run with a fixed clock) files pre_arrival,
 * check_in_day and check_out_day at their local times, moves what falls in quiet hours to their end,
 * files nothing for a kind switched off or a guest who opted out; booking_confirmed and
 * invoice_issued wait five minutes; a pre_arrival carries the stay's door code (no separate
 * door_code notice while it waits) and the claim gives guest-notify the organisation's own text.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TablesInsert } from '../../src/types/database';
import { ORG1, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let member1: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
}, 180_000);
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

let seq = 0;
async function newGuest(language: 'en' | 'ar' = 'en') {
  const { data } = await svc
    .from('clients')
    .insert({
      organization_id: ORG1,
      name: language === 'ar' ? 'ريم العتيبي' : 'Omar Haddad',
      phone: `+96655${String(8_000_000 + seq++).padStart(7, '0')}`,
      preferred_language: language,
      national_id: `10${String(70_000_000 + seq++).padStart(8, '0')}`,
    })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

/** A direct, confirmed stay booked by the owner (far from the seed's dates). */
async function book(unit: number, client: string, checkIn: string, checkOut: string) {
  const { data, error } = await owner1
    .from('bookings')
    .insert({
      unit_id: unitId(unit),
      client_id: client,
      check_in: checkIn,
      check_out: checkOut,
      status: 'confirmed',
    } as TablesInsert<'bookings'>)
    .select('id, unit_id')
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** The schedule's run at a fixed moment; how many notices it filed. */
async function schedule(at: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select private.file_scheduled_guest_notices($1) as n', [at]);
  return rows[0]!.n;
}

async function notices(bookingId: string) {
  const { data } = await svc
    .from('guest_notices')
    .select('id, kind, next_attempt_at, sent_at, failed_at, last_error')
    .eq('booking_id', bookingId)
    .order('created_at')
    .throwOnError();
  return data;
}

const iso = (at: string) => new Date(at).toISOString();

describe('the schedule', () => {
  it('files pre_arrival N days before check-in at 10:00 Riyadh; not while switched off', async () => {
    const stay = await book(3, await newGuest(), '2031-05-10', '2031-05-12');
    expect((await owner1.rpc('set_message_automation', { kind: 'pre_arrival', enabled: false })).error).toBeNull();
    // 2 days before at 10:00 Riyadh = 07:00 UTC on the 8th.
    await schedule('2031-05-08T07:30:00Z');
    expect((await notices(stay.id)).filter((n) => n.kind === 'pre_arrival')).toEqual([]);

    await owner1.rpc('set_message_automation', { kind: 'pre_arrival', enabled: true, days: 2 }).throwOnError();
    expect(await schedule('2031-05-08T06:59:00Z')).toBe(0); // not yet due
    await schedule('2031-05-08T07:30:00Z');
    const [pre] = (await notices(stay.id)).filter((n) => n.kind === 'pre_arrival');
    expect(iso(pre!.next_attempt_at)).toBe('2031-05-08T07:30:00.000Z');
    await schedule('2031-05-08T07:35:00Z');
    expect((await notices(stay.id)).filter((n) => n.kind === 'pre_arrival')).toHaveLength(1); // once

    // A team member cannot switch automatic messages.
    expect((await member1.rpc('set_message_automation', { kind: 'pre_arrival', enabled: false })).error?.code).toBe(
      '42501',
    );
    expect(
      (await owner1.rpc('set_message_automation', { kind: 'pre_arrival', enabled: true, days: 30 })).error?.hint,
    ).toBe('invalid_input');
  });

  it('quiet hours move a message filed at night to their end (08:00 Riyadh)', async () => {
    const stay = await book(4, await newGuest('ar'), '2031-06-10', '2031-06-12');
    // 23:30 Riyadh on the 8th, inside 22:00–08:00: due 08:00 Riyadh on the 9th (05:00 UTC).
    await schedule('2031-06-08T20:30:00Z');
    const [pre] = (await notices(stay.id)).filter((n) => n.kind === 'pre_arrival');
    expect(iso(pre!.next_attempt_at)).toBe('2031-06-09T05:00:00.000Z');

    const other = await book(6, await newGuest(), '2031-06-20', '2031-06-22');
    await owner1.rpc('set_messaging_settings', { settings: { quiet_hours_enabled: false } }).throwOnError();
    try {
      await schedule('2031-06-18T20:30:00Z');
      const [late] = (await notices(other.id)).filter((n) => n.kind === 'pre_arrival');
      expect(iso(late!.next_attempt_at)).toBe('2031-06-18T20:30:00.000Z');
    } finally {
      await owner1.rpc('set_messaging_settings', { settings: { quiet_hours_enabled: true } }).throwOnError();
    }
  });

  it('check_in_day at 09:00 and check_out_day at 08:00 on the day; an opted-out guest gets nothing', async () => {
    const stay = await book(8, await newGuest(), '2031-07-01', '2031-07-03');
    await schedule('2031-07-01T05:30:00Z'); // 08:30 Riyadh: too early for check_in_day
    expect((await notices(stay.id)).map((n) => n.kind)).not.toContain('check_in_day');
    await schedule('2031-07-01T06:30:00Z');
    expect((await notices(stay.id)).map((n) => n.kind)).toContain('check_in_day');
    await schedule('2031-07-03T05:30:00Z');
    expect((await notices(stay.id)).map((n) => n.kind)).toContain('check_out_day');

    const quiet = await newGuest();
    await svc.from('clients').update({ messages_opt_out: true }).eq('id', quiet).throwOnError();
    const silent = await book(10, quiet, '2031-07-01', '2031-07-03');
    await schedule('2031-07-01T06:30:00Z');
    await schedule('2031-07-03T05:30:00Z');
    expect(await notices(silent.id)).toEqual([]);
  });
});

describe('event messages', () => {
  it('booking_confirmed is filed five minutes after a direct booking, and withdrawn if it was cancelled', async () => {
    const stay = await book(11, await newGuest(), '2031-08-01', '2031-08-03');
    expect((await notices(stay.id)).map((n) => n.kind)).not.toContain('booking_confirmed');
    await schedule(new Date(Date.now() + 60_000).toISOString());
    expect((await notices(stay.id)).map((n) => n.kind)).not.toContain('booking_confirmed');
    await schedule(new Date(Date.now() + 6 * 60_000).toISOString());
    const [confirmed] = (await notices(stay.id)).filter((n) => n.kind === 'booking_confirmed');
    expect(confirmed).toBeDefined();

    // Cancelled meanwhile: the claim withdraws it with the reason.
    await owner1
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: 'Guest changed plans' })
      .eq('id', stay.id)
      .throwOnError();
    expect((await svc.rpc('guest_notice_claim', { notice_id: confirmed!.id })).data).toBeNull();
    const [after] = (await notices(stay.id)).filter((n) => n.kind === 'booking_confirmed');
    expect(after).toMatchObject({ last_error: 'Withdrawn: The stay is no longer confirmed' });
    expect(after!.failed_at).not.toBeNull();
  });

  it('switched off: a direct booking files no booking_confirmed', async () => {
    await owner1.rpc('set_message_automation', { kind: 'booking_confirmed', enabled: false }).throwOnError();
    try {
      const stay = await book(11, await newGuest(), '2031-08-10', '2031-08-12');
      await schedule(new Date(Date.now() + 6 * 60_000).toISOString());
      expect(await notices(stay.id)).toEqual([]);
    } finally {
      await owner1.rpc('set_message_automation', { kind: 'booking_confirmed', enabled: true }).throwOnError();
    }
  });
});

describe('invoice messages', () => {
  /** An issued invoice of org 1 to `client` (1,000 SAR + VAT), due on `due`. */
  async function issuedInvoice(client: string, due: string) {
    const made = await owner1.rpc('create_invoice', {
      invoice: { client_id: client, due_date: due, lines: [{ description: 'Stay', quantity: 1, rate: 1000 }] },
    });
    expect(made.error).toBeNull();
    const id = (made.data as { id: string }).id;
    expect((await owner1.rpc('issue_invoice', { invoice_id: id })).error).toBeNull();
    return id;
  }
  const invoiceNotices = async (id: string) =>
    (
      await svc
        .from('guest_notices')
        .select('id, kind, booking_id, next_attempt_at')
        .eq('invoice_id', id)
        .order('created_at')
        .throwOnError()
    ).data;

  it('invoice_issued five minutes after issuing, with the invoice in the claim', async () => {
    const client = await newGuest('ar');
    const id = await issuedInvoice(client, '2031-01-10');
    expect(await invoiceNotices(id)).toEqual([]);
    await schedule(new Date(Date.now() + 6 * 60_000).toISOString());
    const [issued] = await invoiceNotices(id);
    expect(issued).toMatchObject({ kind: 'invoice_issued', booking_id: null });
    const claim = (await svc.rpc('guest_notice_claim', { notice_id: issued!.id })).data as Record<string, unknown>;
    expect(claim).toMatchObject({
      kind: 'invoice_issued',
      organization_id: ORG1,
      organization: { id: ORG1 },
      booking: null,
      // The guest's invoice link (20261129560100_invoice_link_variable): a path without site_url.
      invoice: { id, total: 1150, due_date: '2031-01-10', link: expect.stringMatching(/\/invoice\/[0-9a-f]{64}$/) },
      client: { id: client, language: 'ar' },
    });
  });

  it('invoice_overdue N days after the due date at 09:00, once, and not when paid', async () => {
    const client = await newGuest();
    const id = await issuedInvoice(client, '2031-02-10');
    // Default 3 days: 09:00 Riyadh on the 13th = 06:00 UTC.
    await schedule('2031-02-13T05:30:00Z');
    expect((await invoiceNotices(id)).map((n) => n.kind)).not.toContain('invoice_overdue');
    await schedule('2031-02-13T06:30:00Z');
    await schedule('2031-02-14T06:30:00Z');
    expect((await invoiceNotices(id)).filter((n) => n.kind === 'invoice_overdue')).toHaveLength(1);

    const paid = await issuedInvoice(await newGuest(), '2031-02-10');
    expect((await owner1.rpc('record_payment', { invoice_id: paid, amount: 1150, method: 'cash' })).error).toBeNull();
    await schedule('2031-02-13T06:30:00Z');
    expect((await invoiceNotices(paid)).map((n) => n.kind)).not.toContain('invoice_overdue');
  });
});

describe('pre_arrival and the door code', () => {
  it('carries the stay’s code; no separate door_code notice while it waits; the claim has the custom text', async () => {
    const stay = await book(12, await newGuest(), '2031-09-10', '2031-09-13');
    await schedule('2031-09-08T07:30:00Z');
    const [pre] = (await notices(stay.id)).filter((n) => n.kind === 'pre_arrival');
    expect(pre).toBeDefined();
    // The locks function puts the stay's code on the lock while pre_arrival waits.
    await stack.db.query(
      `insert into public.booking_lock_codes (organization_id, booking_id, unit_id, code, starts_at, ends_at)
       values ($1, $2, $3, '731904', '2031-09-10T12:00:00Z', '2031-09-13T09:00:00Z')`,
      [ORG1, stay.id, stay.unit_id],
    );
    await stack.db.query(`update public.booking_lock_codes set state = 'active' where booking_id = $1`, [stay.id]);
    expect((await notices(stay.id)).map((n) => n.kind)).not.toContain('door_code');

    // The organisation's own pre-arrival text.
    const body = `Hi {{guest_name}}, your code is {{door_code}}. ${randomUUID().slice(0, 4)}`;
    await owner1
      .from('message_templates')
      .update({ body_en: body })
      .eq('organization_id', ORG1)
      .eq('kind', 'pre_arrival')
      .throwOnError();
    await stack.db.query(
      `update public.guest_notices set next_attempt_at = now() - interval '1 second' where id = $1`,
      [pre!.id],
    );
    const claim = (await svc.rpc('guest_notice_claim', { notice_id: pre!.id })).data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(claim).toMatchObject({
      kind: 'pre_arrival',
      door_code: { code: '731904' },
      whatsapp: { connected: true, window_open: false },
      invoice: null,
    });
    expect(claim.template.body).toMatch(/^Hi Omar Haddad, your code is 731904\. /);

    // Sent; then the code moves: now the guest hears of it by its own door_code notice.
    await stack.db.query(`update public.guest_notices set sent_at = now(), locked_until = null where id = $1`, [
      pre!.id,
    ]);
    await stack.db.query(
      `update public.booking_lock_codes set starts_at = '2031-09-11T12:00:00Z' where booking_id = $1`,
      [stay.id],
    );
    expect((await notices(stay.id)).map((n) => n.kind)).toContain('door_code');
  });

  it('a default text leaves the wording to guest-notify (template null)', async () => {
    const stay = await book(3, await newGuest('ar'), '2031-10-10', '2031-10-12');
    await schedule('2031-10-08T07:30:00Z');
    const check = (await notices(stay.id)).find((n) => n.kind === 'pre_arrival')!;
    // check_in_day's text is still the default one.
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.guest_notices (organization_id, booking_id, kind) values ($1, $2, 'check_in_day') returning id`,
      [ORG1, stay.id],
    );
    const claim = (await svc.rpc('guest_notice_claim', { notice_id: rows[0]!.id })).data as Record<string, unknown>;
    expect(claim).toMatchObject({ kind: 'check_in_day', template: null });
    expect(check).toBeDefined();
  });
});
