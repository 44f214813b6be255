/**
 * The stay's door code reaches the guest (issue 15; migrations 20261129300000–300200): when the
 * locks function has put a stay's code on the lock, a door_code guest notice is filed, due 24
 * hours before check-in time (or at once when that has passed), and guest-notify sends the code,
 * the unit and its period to the guest's phone and e-mail in their language — here the stack's
 * TTLock, SMS and e-mail sandboxes. A date move is told again once; a cancelled stay, a platform's
 * placeholder guest or the organisation's setting turned off get nothing; another organisation
 * reads none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TablesInsert, TablesUpdate } from '../../src/types/database';
import { ORG1, day, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  await svc.from('organizations').update({ lock_code_per_stay: true }).eq('id', ORG1).throwOnError();
}, 120_000);
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

let phoneSeq = 0;
async function guest(language: 'en' | 'ar', contact: { phone?: string | null; email?: string | null } = {}) {
  const phone =
    contact.phone === undefined ? `+9665${String(94_000_000 + phoneSeq++).padStart(8, '0')}` : contact.phone;
  const { data } = await owner1
    .from('clients')
    .insert({
      name: language === 'ar' ? 'ريم العتيبي' : 'Omar Haddad',
      phone,
      email: contact.email ?? null,
      preferred_language: language,
      national_id: `10${String(52_000_000 + phoneSeq++).padStart(8, '0')}`,
    } as TablesInsert<'clients'>)
    .select('id')
    .single()
    .throwOnError();
  return { id: data.id, phone };
}

async function book(unit: number, clientId: string, checkIn: string, checkOut: string) {
  const { data, error } = await owner1
    .from('bookings')
    .insert({
      unit_id: unitId(unit),
      client_id: clientId,
      check_in: checkIn,
      check_out: checkOut,
      status: 'confirmed',
    } as TablesInsert<'bookings'>)
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  await stack.jobs.net.settle();
  return data.id;
}

async function change(id: string, values: TablesUpdate<'bookings'>) {
  const { error } = await owner1.from('bookings').update(values).eq('id', id);
  if (error) throw new Error(error.message);
  await stack.jobs.net.settle();
}

async function stayCode(bookingId: string) {
  const { data } = await svc.from('booking_lock_codes').select('*').eq('booking_id', bookingId).single().throwOnError();
  return data;
}

async function doorNotices(bookingId: string) {
  const { data } = await svc
    .from('guest_notices')
    .select('*')
    .eq('booking_id', bookingId)
    .eq('kind', 'door_code')
    .order('revision')
    .throwOnError();
  return data;
}

/** The minute's job after its due time has come for this booking's door_code notices. */
async function runDueJob(bookingId: string) {
  await stack.db.query(
    `update public.guest_notices set next_attempt_at = now() - interval '1 second', created_at = now() - interval '2 minutes'
      where booking_id = $1 and kind = 'door_code' and sent_at is null and failed_at is null`,
    [bookingId],
  );
  await stack.db.query('select private.guest_notices_process_due()');
  await stack.jobs.net.settle();
}

const outboxFor = (to: string) =>
  stack.stack.outbox
    .list()
    .filter((m) => m.to === to)
    .reverse();

const ms = (iso: string) => Date.parse(iso);
const DAY = 24 * 3600 * 1000;

/** A unit with a lock (1, 2, 5, 7, 9) and no stay overlapping [from, to). */
async function freeLockUnit(from: string, to: string): Promise<number> {
  for (const n of [9, 7, 5, 2, 1]) {
    const { count } = await svc
      .from('bookings')
      .select('id', { count: 'exact', head: true })
      .eq('unit_id', unitId(n))
      .neq('status', 'cancelled')
      .lt('check_in', to)
      .gt('check_out', from);
    if (count === 0) return n;
  }
  throw new Error(`no unit with a lock is free from ${from} to ${to}`);
}

describe('the door code notice', () => {
  it('is filed when the code is on the lock, due 24 hours before check-in, then sent in the guest’s language', async () => {
    const who = await guest('en', { email: 'door.en@example.com' });
    const id = await book(5, who.id, '2031-03-10', '2031-03-13');
    const code = await stayCode(id);
    expect(code).toMatchObject({ state: 'active', wanted: 'present' });
    const [notice, ...more] = await doorNotices(id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ revision: 0, sent_at: null, failed_at: null, attempts: 0 });
    expect(ms(notice!.next_attempt_at)).toBe(ms(code.starts_at) - DAY);
    expect(ms(notice!.period_starts_at!)).toBe(ms(code.starts_at));
    expect(ms(notice!.period_ends_at!)).toBe(ms(code.ends_at));
    // Not before it is due: neither the trigger nor the job sent anything.
    await stack.db.query('select private.guest_notices_process_due()');
    await stack.jobs.net.settle();
    expect(outboxFor(who.phone!)).toEqual([]);

    await runDueJob(id);
    const [sms] = outboxFor(who.phone!);
    expect(sms!.body).toContain(`your door code for`);
    expect(sms!.body).toContain(code.code);
    // Unit 5's check-in 15:00 and check-out 12:00 in Asia/Riyadh.
    expect(sms!.body).toContain('from Mon, Mar 10, 3:00 PM until Thu, Mar 13, 12:00 PM');
    const [mail] = outboxFor('door.en@example.com');
    expect(mail!.subject).toMatch(/^Your door code for /);
    expect(mail!.body).toContain(`Door code: ${code.code}`);
    expect((await doorNotices(id))[0]!.sent_at).not.toBeNull();
  });

  it('is sent at once, in Arabic, when check-in is less than a day away', async () => {
    const unit = await freeLockUnit(day(0), day(2));
    const who = await guest('ar');
    const id = await book(unit, who.id, day(0), day(2));
    const code = await stayCode(id);
    expect(code.state).toBe('active');
    const [notice] = await doorNotices(id);
    expect(notice!.sent_at).not.toBeNull();
    const [sms] = outboxFor(who.phone!);
    expect(sms!.body).toContain('رمز الدخول إلى');
    expect(sms!.body).toContain(`\u200e${code.code}\u200e`);
  });

  it('a date move is told once more, with the new period; an unsent notice just takes the new period', async () => {
    const who = await guest('en');
    const id = await book(5, who.id, '2031-04-10', '2031-04-12');
    await runDueJob(id);
    expect(outboxFor(who.phone!)).toHaveLength(1);

    await change(id, { check_in: '2031-04-11', check_out: '2031-04-14' });
    const moved = await stayCode(id);
    expect(moved.state).toBe('active');
    const notices = await doorNotices(id);
    expect(notices.map((n) => [n.revision, n.sent_at === null])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(ms(notices[1]!.period_starts_at!)).toBe(ms(moved.starts_at));
    expect(ms(notices[1]!.next_attempt_at)).toBe(ms(moved.starts_at) - DAY);
    // A change that does not move the code files nothing more.
    await change(id, { special_requests: 'Late arrival' });
    expect(await doorNotices(id)).toHaveLength(2);

    // Moved again before revision 1 went out: the same notice, the newest period.
    await change(id, { check_in: '2031-04-12', check_out: '2031-04-15' });
    const again = await stayCode(id);
    const latest = await doorNotices(id);
    expect(latest).toHaveLength(2);
    expect(ms(latest[1]!.period_starts_at!)).toBe(ms(again.starts_at));

    await runDueJob(id);
    const sms = outboxFor(who.phone!);
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toContain('from Sat, Apr 12, 3:00 PM until Tue, Apr 15, 12:00 PM');
  });

  it('a cancelled stay sends nothing more', async () => {
    const who = await guest('en');
    const id = await book(5, who.id, '2031-05-10', '2031-05-12');
    expect(await doorNotices(id)).toHaveLength(1);
    await change(id, { status: 'cancelled', cancellation_reason: 'Guest changed plans' });
    const [withdrawn] = await doorNotices(id);
    expect(withdrawn).toMatchObject({ sent_at: null });
    expect(withdrawn!.failed_at).not.toBeNull();
    expect(withdrawn!.last_error).toMatch(/^Withdrawn/);
    await runDueJob(id);
    expect(outboxFor(who.phone!)).toEqual([]);
    const { data: messages } = await svc.from('messages').select('id').eq('booking_id', id).throwOnError();
    expect(messages).toEqual([]);
  });

  it('is never filed for a platform’s placeholder guest nor a guest without a real phone', async () => {
    const [{ guest: placeholder }] = (
      await stack.db.query<{ guest: string }>(`select private.channel_guest($1, 'airbnb') as guest`, [ORG1])
    ).rows as [{ guest: string }];
    const imported = await book(5, placeholder, '2031-06-10', '2031-06-12');
    expect((await stayCode(imported)).state).toBe('active');
    expect(await doorNotices(imported)).toEqual([]);

    // clients.phone is required, so "no phone" is the placeholder number staff type in.
    const silent = await guest('en', { phone: '0000000000' });
    const unreachable = await book(5, silent.id, '2031-06-14', '2031-06-16');
    expect((await stayCode(unreachable)).state).toBe('active');
    expect(await doorNotices(unreachable)).toEqual([]);
  });

  it('the organisation’s setting off: nothing is filed, and what was filed is withdrawn, not sent', async () => {
    const who = await guest('en');
    const filed = await book(7, who.id, '2031-07-10', '2031-07-12');
    expect(await doorNotices(filed)).toHaveLength(1);
    // Staff change the setting through the organisations update policy.
    const off = await owner1
      .from('organizations')
      .update({ door_code_to_guest: false })
      .eq('id', ORG1)
      .select('door_code_to_guest');
    expect(off.data).toEqual([{ door_code_to_guest: false }]);
    try {
      const later = await book(7, who.id, '2031-07-14', '2031-07-16');
      expect((await stayCode(later)).state).toBe('active');
      expect(await doorNotices(later)).toEqual([]);
      await runDueJob(filed);
      expect(outboxFor(who.phone!)).toEqual([]);
      expect((await doorNotices(filed))[0]!.last_error).toBe(
        'Withdrawn: Sending the door code to guests is turned off',
      );
    } finally {
      await svc.from('organizations').update({ door_code_to_guest: true }).eq('id', ORG1).throwOnError();
    }
  });

  it('another organisation reads none of it', async () => {
    const who = await guest('en');
    const id = await book(9, who.id, '2031-08-10', '2031-08-12');
    const mine = await owner1.from('guest_notices').select('kind, revision').eq('booking_id', id);
    expect(mine.data).toEqual([{ kind: 'door_code', revision: 0 }]);
    const theirs = await owner2.from('guest_notices').select('id').eq('booking_id', id);
    expect(theirs.data).toEqual([]);
    const forged = await owner2.from('organizations').update({ door_code_to_guest: false }).eq('id', ORG1).select('id');
    expect(forged.data ?? []).toEqual([]);
  });
});
