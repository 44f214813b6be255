/**
 * A business refusal is a 4xx with a stable code; a 5xx means a real fault. "Not found" used to
 * be raised with SQLSTATE P0002, which PostgREST answers with HTTP 500: now every such refusal is
 * PT404 (HTTP 404) with its key in HINT, so the app shows the rule's message, not "Operation
 * failed", and a monitoring alert on 5xx means something really broke.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, day, newUser, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let visitor: Db;
let owner1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  visitor = anon(stack);
  owner1 = await signInDemo(stack, 'owner1');
  svc = service(stack);
});
afterAll(() => stack?.stop());

const requestArgs = {
  slug: 'demo',
  unit_id: unitId(1),
  check_in: day(200),
  check_out: day(201),
  guests_count: 1,
  guest_name: 'Guest Requester',
  guest_phone: '+966512349901',
  national_id: '1012345678',
};

/** Status, SQLSTATE and key of a refusal. */
function refusal(result: { status: number; error: { code?: string; hint?: string | null } | null }) {
  return { status: result.status, code: result.error?.code, hint: result.error?.hint };
}

describe('not found is 404 (PT404), never 500', () => {
  it('request_booking: an unknown or disabled site', async () => {
    const unknown = await visitor.rpc('request_booking', { ...requestArgs, slug: 'no-such-site' });
    expect(refusal(unknown)).toEqual({ status: 404, code: 'PT404', hint: 'site_unavailable' });
    expect(unknown.error?.message).toBe('This booking site is not available');
  });

  it('request_booking: an unknown unit, an inactive one, and one of another organisation answer alike', async () => {
    const unknown = await visitor.rpc('request_booking', { ...requestArgs, unit_id: randomUUID() });
    const foreign = await visitor.rpc('request_booking', { ...requestArgs, unit_id: unitId(13) });
    await svc.from('units').update({ is_active: false }).eq('id', unitId(2)).throwOnError();
    const inactive = await visitor.rpc('request_booking', { ...requestArgs, unit_id: unitId(2) });
    await svc.from('units').update({ is_active: true }).eq('id', unitId(2)).throwOnError();
    for (const answer of [unknown, foreign, inactive]) {
      expect(refusal(answer)).toEqual({ status: 404, code: 'PT404', hint: 'unit_inactive' });
      expect(answer.error?.message).toBe('This unit is not available for booking');
    }
  });

  it('review_invitation and submit_review_with_link: an unknown review link', async () => {
    const token = randomUUID().replaceAll('-', '');
    const shown = await visitor.rpc('review_invitation', { token });
    expect(refusal(shown)).toEqual({ status: 404, code: 'PT404', hint: 'review_link_invalid' });
    const sent = await visitor.rpc('submit_review_with_link', { token, rating: 5 });
    expect(refusal(sent)).toEqual({ status: 404, code: 'PT404', hint: 'review_link_invalid' });
  });

  it('invoice_from_booking: a booking that does not exist (or is not readable)', async () => {
    const answer = await owner1.rpc('invoice_from_booking', { booking_id: randomUUID() });
    expect(refusal(answer)).toEqual({ status: 404, code: 'PT404', hint: 'booking_not_found' });
  });

  it('mark_invoice_paid: an invoice that does not exist (or is not readable)', async () => {
    const answer = await owner1.rpc('mark_invoice_paid', { invoice_id: randomUUID() });
    expect(refusal(answer)).toEqual({ status: 404, code: 'PT404', hint: 'invoice_not_found' });
  });

  it('accept_invitation: a token nobody issued', async () => {
    const { client } = await newUser(stack);
    const answer = await client.rpc('accept_invitation', { token: randomUUID() });
    expect(refusal(answer)).toEqual({ status: 404, code: 'PT404', hint: 'invitation_invalid' });
  });
});

describe('no function raises a SQLSTATE that PostgREST answers with 5xx', () => {
  it('the live version of every function in public and private', async () => {
    // PostgREST answers P0001 with 400, PTxyz with xyz, and the rest of class P0 (P0002
    // no_data_found, P0003, P0004) with 500. Look at what each function's latest definition says.
    const { rows } = await stack.db.query<{ name: string; code: string }>(`
      select p.oid::regprocedure::text as name, m[1] as code
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      cross join lateral regexp_matches(p.prosrc,
        '(?:private\\.fail\\([^;]*?''|errcode\\s*=\\s*'')((?:P0|XX|5[3-8]|F0|HV|0[89]|2[5D]|3[89B]|40)[0-9A-Z]{2,3})''', 'g') m
      where n.nspname in ('public', 'private') order by 1`);
    expect(rows).toEqual([]);
  });
});
