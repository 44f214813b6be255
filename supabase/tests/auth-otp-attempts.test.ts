/**
 * Guessing a phone code (issue 10, item 6): a code dies after a few wrong tries, a number
 * accepts only so many wrong codes per hour, and a code lives 60 s (GoTrue's default), so the
 * 10^6 six-digit codes cannot be walked through. Test numbers keep their fixed code.
 * All tries here come from one address; the per-address limiter (30 /verify per 5 min) is
 * auth-client-address.test.ts's subject, so this file stays under it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_PER_CODE, MAX_WRONG_PER_RECIPIENT } from '../local/auth/otp-attempts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let auth: SupabaseClient['auth'];
beforeAll(async () => {
  stack = await createTestStack();
  auth = stack.client().auth;
});
afterAll(() => stack?.stop());

let serial = 0;
/** A real (non-test) number, new for each test. */
const freshPhone = () => `+96655${String(Date.now()).slice(-6)}${serial++ % 10}`;

/** Asks for a code and reads it from the local outbox. */
async function requestCode(phone: string): Promise<string> {
  const { error } = await auth.signInWithOtp({ phone });
  expect(error).toBeNull();
  const sms = stack.stack.outbox.list().find((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** A six-digit code that is not `code`. */
const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/** Lets the number ask for a new code at once (GoTrue's max_frequency is 5 s between two sends). */
const allowResend = (phone: string) =>
  stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '10 seconds' where phone = $1`, [
    phone.slice(1),
  ]);

describe('wrong phone codes', () => {
  it(`kills a code after ${MAX_WRONG_PER_CODE} wrong tries: then even the right code is refused`, async () => {
    const phone = freshPhone();
    const code = await requestCode(phone);
    for (let i = 0; i < MAX_WRONG_PER_CODE; i++) {
      const { error } = await auth.verifyOtp({ phone, token: wrongFor(code, i), type: 'sms' });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
    const late = await auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(late.data.session).toBeNull();
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The code is gone from the database too, not only from this process's memory.
    const { rows } = await stack.db.query<{ confirmation_token: string }>(
      'select confirmation_token from auth.users where phone = $1',
      [phone.slice(1)],
    );
    expect(rows[0]?.confirmation_token).toBe('');

    // A new code works.
    await allowResend(phone);
    const next = await requestCode(phone);
    const ok = await auth.verifyOtp({ phone, token: next, type: 'sms' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
  });

  it(`refuses every code (429) after ${MAX_WRONG_PER_RECIPIENT} wrong ones for a number within the hour`, async () => {
    const phone = freshPhone();
    let code = await requestCode(phone);
    for (let i = 0; i < MAX_WRONG_PER_RECIPIENT; i++) {
      if (i > 0 && i % MAX_WRONG_PER_CODE === 0) {
        await allowResend(phone);
        code = await requestCode(phone);
      }
      const { error } = await auth.verifyOtp({ phone, token: wrongFor(code, i), type: 'sms' });
      expect(error?.code).toBe('otp_expired');
    }
    await allowResend(phone);
    code = await requestCode(phone);
    const locked = await auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(locked.data.session).toBeNull();
    expect(locked.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });

  it('lets a code live 60 seconds, as GoTrue does by default', async () => {
    const phone = freshPhone();
    const code = await requestCode(phone);
    await stack.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '61 seconds' where phone = $1`,
      [phone.slice(1)],
    );
    const { data, error } = await auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('keeps the fixed code of a test number working after wrong tries (it is public by design)', async () => {
    const phone = '+966500000004';
    expect((await auth.signInWithOtp({ phone })).error).toBeNull();
    for (let i = 0; i < MAX_WRONG_PER_RECIPIENT; i++) {
      const { error } = await auth.verifyOtp({ phone, token: wrongFor('123456', i), type: 'sms' });
      expect(error?.code).toBe('otp_expired');
    }
    const { data, error } = await auth.verifyOtp({ phone, token: '123456', type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });
});
