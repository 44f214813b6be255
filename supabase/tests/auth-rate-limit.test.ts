/** The per-IP limit on sign-ins/sign-ups ([auth.rate_limit] sign_in_sign_ups: 30 per 5 min, burst 30). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

it('answers 429 over_request_rate_limit once the burst is used up', async () => {
  const client = stack.client();
  const statuses: (number | undefined)[] = [];
  let limited: { status?: number; code?: string; message: string } | null = null;
  for (let i = 0; i < 40 && !limited; i++) {
    // Unknown numbers with create_user false: each request counts but nothing is created.
    const { error } = await client.auth.signInWithOtp({
      phone: `+96650${String(1000000 + i)}`,
      options: { shouldCreateUser: false },
    });
    statuses.push(error?.status);
    if (error?.status === 429) limited = error;
  }
  expect(limited).toMatchObject({
    status: 429,
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached',
  });
  expect(statuses.length).toBeGreaterThan(1);
  expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);
});
