/**
 * Reviews from the public page are rate-limited (DESIGN §4: every public entry point is): at most
 * 3 per client address and organisation a day, whatever names or forwarding headers a visitor
 * sends, and one per stay (booking reference). Before, submit_review() took any number.
 *
 * Visitors at different addresses connect from different loopback addresses (fetchFrom).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG2, service, typed, type Db } from './fixtures/db-accounts';

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

const review = (visitor: Db, guest: string, bookingReference?: string) =>
  visitor.rpc('submit_review', {
    slug: 'second',
    guest_name: guest,
    rating: 4,
    message: 'Lovely stay',
    booking_reference: bookingReference,
  });

describe('submit_review limits', () => {
  it('takes at most 3 reviews a day from one address, whatever forwarding headers it sends', async () => {
    let answers = [];
    for (let n = 0; n < 5; n++) {
      const spoofed = visitorAt('127.0.9.2', { 'X-Forwarded-For': `10.0.0.${n}`, 'CF-Connecting-IP': `10.1.0.${n}` });
      answers.push(await review(spoofed, `Guest ${n}`));
    }
    expect(answers.slice(0, 3).map((a) => a.error)).toEqual([null, null, null]);
    for (const refused of answers.slice(3)) {
      expect(refused.status).toBe(429);
      expect(refused.error?.hint).toBe('review_limit_address');
    }
    const stored = await svc.from('reviews').select('id').eq('organization_id', ORG2).like('guest_name', 'Guest %');
    expect(stored.data).toHaveLength(3);

    // Another visitor is not held back by the first one's limit.
    answers = [await review(visitorAt('127.0.9.3'), 'Another guest')];
    expect(answers[0].error).toBeNull();
  });

  it('takes one review per stay', async () => {
    const { data: booking } = await svc
      .from('bookings')
      .select('booking_reference')
      .eq('organization_id', ORG2)
      .limit(1)
      .single()
      .throwOnError();
    const first = await review(visitorAt('127.0.9.4'), 'Stayed here', booking.booking_reference);
    expect(first.error).toBeNull();
    const second = await review(visitorAt('127.0.9.5'), 'Stayed here too', booking.booking_reference);
    expect(second.status).toBe(409);
    expect(second.error?.hint).toBe('review_already_submitted');
  });
});
