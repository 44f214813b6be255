/**
 * Reviews cannot be flooded (DESIGN §4: every public entry point is rate-limited). Before issue 13
 * anyone could call submit_review(), held back by 3 reviews per client address and organisation a
 * day. Now reviews come from real guests only: submit_review() is closed to visitors, and a review
 * needs a single-use link staff issued for a checked-out stay (submit_review_with_link()), so the
 * number of reviews is bounded by the organisation's stays, whatever addresses or forwarding
 * headers a sender uses; the per-address limit is therefore not carried over to the link path.
 * One review per stay still holds, for any sender (reviews_one_per_booking).
 *
 * Visitors at different addresses connect from different loopback addresses (fetchFrom).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG2, service, signInDemo, typed, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
});
afterAll(() => stack?.stop());

function visitorAt(address: string, headers: Record<string, string> = {}): Db {
  return typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom(address), headers },
    }),
  );
}

/** A checked-out stay of org 2 without a review (seeded), and a fresh link for it from its owner. */
async function unreviewedStay(skip: string[] = []) {
  const { data: stays } = await svc
    .from('bookings')
    .select('id')
    .eq('organization_id', ORG2)
    .eq('status', 'checked_out')
    .order('check_in')
    .throwOnError();
  const { data: reviewed } = await svc.from('reviews').select('booking_id').eq('organization_id', ORG2);
  const stay = stays.find((b) => !skip.includes(b.id) && !reviewed?.some((r) => r.booking_id === b.id));
  if (!stay) throw new Error('no unreviewed checked-out stay in org 2');
  return stay.id;
}

async function linkFor(bookingId: string) {
  const owner2 = await signInDemo(stack, 'owner2');
  const { data, error } = await owner2.rpc('review_link', { booking_id: bookingId });
  expect(error).toBeNull();
  return data!.slice('/review/'.length);
}

const review = (visitor: Db, token: string, n: number) =>
  visitor.rpc('submit_review_with_link', { token, rating: 4, message: `Lovely stay ${n}` });

describe('review limits', () => {
  it('takes no review without a link, from any address with any forwarding headers', async () => {
    for (let n = 0; n < 5; n++) {
      const spoofed = visitorAt(`127.0.9.${10 + n}`, {
        'X-Forwarded-For': `10.0.0.${n}`,
        'CF-Connecting-IP': `10.1.0.${n}`,
      });
      const answer = await spoofed.rpc('submit_review', { slug: 'second', guest_name: `Guest ${n}`, rating: 4 });
      expect([401, 404]).toContain(answer.status);
    }
    const stored = await svc.from('reviews').select('id').eq('organization_id', ORG2).like('guest_name', 'Guest %');
    expect(stored.data).toHaveLength(0);
  });

  it('one link makes one review, whatever addresses and forwarding headers send it', async () => {
    const stay = await unreviewedStay();
    const token = await linkFor(stay);
    const answers = [];
    for (let n = 0; n < 5; n++) {
      const spoofed = visitorAt(`127.0.9.${20 + n}`, {
        'X-Forwarded-For': `10.0.0.${n}`,
        'CF-Connecting-IP': `10.1.0.${n}`,
      });
      answers.push(await review(spoofed, token, n));
    }
    expect(answers[0]?.error).toBeNull();
    for (const refused of answers.slice(1)) {
      expect(refused.status).toBe(409);
      expect(refused.error?.hint).toBe('review_link_used');
    }
    const stored = await svc.from('reviews').select('id').eq('booking_id', stay);
    expect(stored.data).toHaveLength(1);

    // Another guest with their own link is not held back by the first one.
    const other = await unreviewedStay([stay]);
    expect((await review(visitorAt('127.0.9.3'), await linkFor(other), 9)).error).toBeNull();
  });

  it('takes one review per stay', async () => {
    const stay = await unreviewedStay();
    const first = await review(visitorAt('127.0.9.4'), await linkFor(stay), 1);
    expect(first.error).toBeNull();
    const owner2 = await signInDemo(stack, 'owner2');
    const second = await owner2.rpc('review_link', { booking_id: stay });
    expect(second.status).toBe(409);
    expect(second.error?.hint).toBe('review_already_submitted');
    // Not even a trusted writer can add a second review of the stay.
    const direct = await svc
      .from('reviews')
      .insert({ organization_id: ORG2, booking_id: stay, guest_name: 'Stayed here too', rating: 4 });
    expect(direct.error?.code).toBe('23505');
  });
});
