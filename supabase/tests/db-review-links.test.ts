/**
 * Reviews from real guests only (issue 13): a checked-out stay gets a single-use review link
 * (private.review_invitations, the token's SHA-256 only). Staff with bookings access issue it with
 * review_link(); the guest reads the form's facts with review_invitation() and reviews once with
 * submit_review_with_link(). Unknown → 404, used → 409, expired → 410; another organisation's
 * booking is 404 like a missing one; the old anonymous submit_review() is closed.
 * Bookings are set up by the service role (fixture); check-out is done by the owner (the act).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, day, newStaff, ORG1, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let visitor: Db;
let nextDay = 500;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  [owner1, owner2] = await Promise.all([signInDemo(stack, 'owner1'), signInDemo(stack, 'owner2')]);
  visitor = anon(stack);
});
afterAll(() => stack?.stop());

/** Status, SQLSTATE and key of a refusal. */
function refusal(result: { status: number; error: { code?: string; hint?: string | null } | null }) {
  return { status: result.status, code: result.error?.code, hint: result.error?.hint };
}

/** A confirmed stay of org 1 far in the future (no overlap with the seed), for a fresh guest. */
async function newStay(guestName = `Layla ${randomUUID().slice(0, 6)} Al-Harbi`) {
  const { data: client } = await svc
    .from('clients')
    .insert({
      organization_id: ORG1,
      name: guestName,
      phone: `+96655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      national_id: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    })
    .select('id')
    .single()
    .throwOnError();
  const checkIn = day(nextDay);
  nextDay += 3;
  const { data: booking } = await svc
    .from('bookings')
    .insert({
      organization_id: ORG1,
      unit_id: unitId(2),
      client_id: client.id,
      check_in: checkIn,
      check_out: day(nextDay - 1),
      status: 'confirmed',
      booking_reference: 'set by bookings_before_write',
    })
    .select('id, check_in, check_out')
    .single()
    .throwOnError();
  return { ...booking, guestName };
}

/** The owner checks the guest in and out (the trigger under test runs on check-out). */
async function checkOut(bookingId: string) {
  for (const status of ['checked_in', 'checked_out'] as const) {
    const { error } = await owner1.from('bookings').update({ status }).eq('id', bookingId);
    expect(error).toBeNull();
  }
}

const invitationRows = async (bookingId: string) =>
  (
    await stack.db.query<{ token_hash: string; expires_at: string; used_at: string | null }>(
      `select token_hash, expires_at, used_at from private.review_invitations where booking_id = $1`,
      [bookingId],
    )
  ).rows;

async function linkFor(bookingId: string, as: Db = owner1) {
  const answer = await as.rpc('review_link', { booking_id: bookingId });
  expect(answer.error).toBeNull();
  expect(answer.data).toMatch(/^\/review\/[0-9a-f]{64}$/);
  return answer.data!.slice('/review/'.length);
}

describe('review links', () => {
  it('check-out creates the stay’s invitation (hash only, 30 days); staff get a working link', async () => {
    const stay = await newStay();
    expect(await invitationRows(stay.id)).toEqual([]);
    await checkOut(stay.id);
    const [created] = await invitationRows(stay.id);
    expect(created?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(created?.used_at).toBeNull();
    const days = (new Date(created!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const token = await linkFor(stay.id);
    const [reissued] = await invitationRows(stay.id);
    expect(reissued?.token_hash).not.toBe(created?.token_hash);
    expect(JSON.stringify(await invitationRows(stay.id))).not.toContain(token);

    const shown = await visitor.rpc('review_invitation', { token }).single();
    expect(shown.error).toBeNull();
    expect(shown.data).toMatchObject({
      organization_name: expect.any(String),
      unit_name: expect.any(String),
      check_in: stay.check_in,
      check_out: stay.check_out,
      guest_first_name: 'Layla',
    });
    expect(Object.keys(shown.data!).sort()).toEqual(
      [
        'check_in',
        'check_out',
        'expires_at',
        'guest_first_name',
        'organization_name',
        'organization_name_ar',
        'unit_name',
        'unit_name_ar',
      ].sort(),
    );
  });

  it('a link takes one review, unpublished, in the guest’s name; a second use is 409', async () => {
    const stay = await newStay();
    await checkOut(stay.id);
    const token = await linkFor(stay.id);

    const bad = await visitor.rpc('submit_review_with_link', { token, rating: 6, message: 'x' });
    expect(refusal(bad)).toEqual({ status: 400, code: '23514', hint: 'review_invalid' });
    const tooLong = await visitor.rpc('submit_review_with_link', { token, rating: 5, message: 'x'.repeat(4001) });
    expect(refusal(tooLong)).toEqual({ status: 400, code: '23514', hint: 'review_invalid' });

    // Two tabs sending at once: exactly one review.
    const [first, second] = await Promise.all([
      visitor.rpc('submit_review_with_link', { token, rating: 5, message: '  Spotless and quiet.  ' }),
      visitor.rpc('submit_review_with_link', { token, rating: 4, message: 'Again' }),
    ]);
    const [ok, refused] = first.error ? [second, first] : [first, second];
    expect(ok.error).toBeNull();
    // Either tab may win the race; the review is the winner's.
    const [rating, message] = ok === first ? [5, 'Spotless and quiet.'] : [4, 'Again'];
    expect(refusal(refused)).toEqual({ status: 409, code: 'PT409', hint: 'review_link_used' });

    const { data: review } = await svc
      .from('reviews')
      .select('organization_id, unit_id, booking_id, guest_name, rating, message, is_published, published_at')
      .eq('id', ok.data!)
      .single()
      .throwOnError();
    expect(review).toEqual({
      organization_id: ORG1,
      unit_id: unitId(2),
      booking_id: stay.id,
      guest_name: stay.guestName,
      rating,
      message,
      is_published: false,
      published_at: null,
    });
    expect((await visitor.from('reviews').select('id').eq('id', ok.data!)).data).toEqual([]);
    expect((await invitationRows(stay.id))[0]?.used_at).not.toBeNull();

    const reused = await visitor.rpc('submit_review_with_link', { token, rating: 3 });
    expect(refusal(reused)).toEqual({ status: 409, code: 'PT409', hint: 'review_link_used' });
    const reread = await visitor.rpc('review_invitation', { token });
    expect(refusal(reread)).toEqual({ status: 409, code: 'PT409', hint: 'review_link_used' });
    // One review per stay: staff cannot issue another link for it.
    const again = await owner1.rpc('review_link', { booking_id: stay.id });
    expect(refusal(again)).toEqual({ status: 409, code: 'PT409', hint: 'review_already_submitted' });
    const { count } = await svc.from('reviews').select('id', { count: 'exact', head: true }).eq('booking_id', stay.id);
    expect(count).toBe(1);
  });

  it('a wrong or replaced token is 404; an expired one is 410 until staff send a fresh link', async () => {
    const wrong = randomUUID().replaceAll('-', '').repeat(2);
    expect(refusal(await visitor.rpc('review_invitation', { token: wrong }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'review_link_invalid',
    });
    expect(refusal(await visitor.rpc('submit_review_with_link', { token: '', rating: 5 }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'review_link_invalid',
    });

    const stay = await newStay();
    await checkOut(stay.id);
    const replaced = await linkFor(stay.id);
    const token = await linkFor(stay.id);
    expect(token).not.toBe(replaced);
    expect(refusal(await visitor.rpc('review_invitation', { token: replaced }))).toMatchObject({
      status: 404,
      hint: 'review_link_invalid',
    });

    await stack.db.query(
      `update private.review_invitations set expires_at = now() - interval '1 minute' where booking_id = $1`,
      [stay.id],
    );
    const expected = { status: 410, code: 'PT410', hint: 'review_link_expired' };
    expect(refusal(await visitor.rpc('review_invitation', { token }))).toEqual(expected);
    expect(refusal(await visitor.rpc('submit_review_with_link', { token, rating: 5 }))).toEqual(expected);
    const fresh = await linkFor(stay.id);
    expect((await visitor.rpc('review_invitation', { token: fresh })).error).toBeNull();
  });

  it('staff only: another organisation’s booking is 404 like a missing one; no bookings access is 403; not checked out is 409', async () => {
    const stay = await newStay();
    await checkOut(stay.id);
    const outsider = await owner2.rpc('review_link', { booking_id: stay.id });
    const missing = await owner2.rpc('review_link', { booking_id: randomUUID() });
    expect(refusal(outsider)).toEqual({ status: 404, code: 'PT404', hint: 'booking_not_found' });
    expect(refusal(outsider)).toEqual(refusal(missing));
    expect(outsider.error?.message).toBe(missing.error?.message);

    const noBookings = await newStaff(stack, { org: ORG1, permissions: ['reviews.manage'], name: 'Reviews only' });
    const forbidden = await noBookings.client.rpc('review_link', { booking_id: stay.id });
    expect(refusal(forbidden)).toEqual({ status: 403, code: '42501', hint: 'review_link_forbidden' });
    const reader = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'], name: 'Bookings reader' });
    await linkFor(stay.id, reader.client);

    const visitorCall = await visitor.rpc('review_link', { booking_id: stay.id });
    expect([401, 404]).toContain(visitorCall.status);

    const upcoming = await newStay();
    const early = await owner1.rpc('review_link', { booking_id: upcoming.id });
    expect(refusal(early)).toEqual({ status: 409, code: 'PT409', hint: 'review_link_not_checked_out' });
  });

  it('the old anonymous submit_review is closed to visitors and signed-in users', async () => {
    const args = { slug: 'demo', guest_name: 'Anyone', rating: 5, message: 'fake' };
    const asVisitor = await visitor.rpc('submit_review', args);
    expect([401, 404]).toContain(asVisitor.status);
    const asOwner = await owner1.rpc('submit_review', args);
    expect([403, 404]).toContain(asOwner.status);
    const { count } = await svc.from('reviews').select('id', { count: 'exact', head: true }).eq('guest_name', 'Anyone');
    expect(count).toBe(0);
  });
});
