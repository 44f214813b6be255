/**
 * A code per stay (issue 15) through the booking triggers, pg_net and the locks function against
 * the stack's TTLock sandbox: confirming a booking puts a timed code from check-in to check-out
 * time on the unit's lock, moving the dates moves it, cancelling removes it; with the setting off
 * or without a lock nothing happens; a failure (full lock) is kept on the row with its code and
 * retried; browsers read the codes of their organisation only and never write them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TablesInsert, TablesUpdate } from '../../src/types/database';
import { ORG1, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
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

async function clientOfOrg1(): Promise<string> {
  const { data } = await owner1.from('clients').select('id').limit(1).single().throwOnError();
  return data.id;
}

async function book(unit: number, checkIn: string, checkOut: string, status: 'pending' | 'confirmed') {
  const { data, error } = await owner1
    .from('bookings')
    // booking_reference is filled by the bookings trigger.
    .insert({
      unit_id: unitId(unit),
      client_id: await clientOfOrg1(),
      check_in: checkIn,
      check_out: checkOut,
      status,
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
  const { data } = await svc.from('booking_lock_codes').select('*').eq('booking_id', bookingId).maybeSingle();
  return data;
}

const onLock = (lockId: string, code: string) =>
  stack.stack.ttlock.passcodesOf(lockId).find((c) => c.keyboardPwd === code);

describe('a code per stay', () => {
  it('is created on confirmation, moved with the dates and removed on cancellation', async () => {
    const id = await book(5, '2031-05-01', '2031-05-04', 'pending');
    expect(await stayCode(id)).toBeNull();
    await change(id, { status: 'confirmed' });
    const created = await stayCode(id);
    expect(created).toMatchObject({ state: 'active', wanted: 'present', lock_id: 'TTL-100205', last_error: null });
    expect(created!.code).toMatch(/^[0-9]{6}$/);
    // Unit 5: check-in 15:00, check-out 12:00, Asia/Riyadh (UTC+3).
    expect(onLock('TTL-100205', created!.code)).toMatchObject({
      keyboardPwdType: 3,
      startDate: Date.parse('2031-05-01T12:00:00Z'),
      endDate: Date.parse('2031-05-04T09:00:00Z'),
      keyboardPwdId: Number(created!.provider_passcode_id),
    });
    // Browsers of the organisation read it (shown on the booking); another organisation does not.
    expect((await owner1.from('booking_lock_codes').select('code').eq('booking_id', id)).data).toEqual([
      { code: created!.code },
    ]);
    expect((await owner2.from('booking_lock_codes').select('code').eq('booking_id', id)).data).toEqual([]);
    const forged = await owner1.from('booking_lock_codes').update({ code: '000000' }).eq('booking_id', id).select();
    expect(forged.data ?? []).toEqual([]);

    await change(id, { check_in: '2031-05-02', check_out: '2031-05-06' });
    expect(await stayCode(id)).toMatchObject({ state: 'active', provider_passcode_id: created!.provider_passcode_id });
    expect(onLock('TTL-100205', created!.code)).toMatchObject({
      startDate: Date.parse('2031-05-02T12:00:00Z'),
      endDate: Date.parse('2031-05-06T09:00:00Z'),
    });
    expect(stack.stack.ttlock.log.some((e) => e.path === '/v3/keyboardPwd/change')).toBe(true);

    await change(id, { status: 'cancelled' });
    expect(await stayCode(id)).toMatchObject({ state: 'removed', wanted: 'absent', provider_passcode_id: null });
    expect(onLock('TTL-100205', created!.code)).toBeUndefined();
  });

  it('is not made for a unit without a lock, nor when the setting is off', async () => {
    const noLock = await book(3, '2031-06-01', '2031-06-03', 'confirmed');
    expect(await stayCode(noLock)).toBeNull();
    await svc.from('organizations').update({ lock_code_per_stay: false }).eq('id', ORG1).throwOnError();
    try {
      const off = await book(9, '2031-06-01', '2031-06-03', 'confirmed');
      expect(await stayCode(off)).toBeNull();
    } finally {
      await svc.from('organizations').update({ lock_code_per_stay: true }).eq('id', ORG1).throwOnError();
    }
  });

  it('a failure is kept with its reason and retried until the lock takes the code', async () => {
    stack.stack.ttlock.fillLock('TTL-100207');
    const id = await book(7, '2031-07-01', '2031-07-03', 'confirmed');
    const failed = await stayCode(id);
    expect(failed).toMatchObject({ state: 'failed', last_error_code: 'lock_passcodes_full', attempts: 1 });
    expect(failed!.last_error).toMatch(/full/);
    expect(Date.parse(failed!.next_attempt_at)).toBeGreaterThan(Date.now());

    // Only the database (service key) may run the queue.
    const refused = await fetch(`${stack.apiUrl}/functions/v1/locks/stay-codes/process`, {
      method: 'POST',
      headers: { apikey: stack.anonKey },
    });
    expect(refused.status).toBe(401);

    // The host frees the lock and asks for a retry now (another organisation cannot).
    stack.stack.ttlock.reset();
    const foreign = await owner2.rpc('retry_stay_lock_code', { booking_id: id });
    expect(foreign.error?.code).toBe('PT404');
    const retried = await owner1.rpc('retry_stay_lock_code', { booking_id: id });
    expect(retried.error).toBeNull();
    await stack.jobs.net.settle();
    const active = await stayCode(id);
    expect(active).toMatchObject({ state: 'active', attempts: 0, last_error: null });
    expect(onLock('TTL-100207', active!.code)).toBeDefined();
  });
});
