/**
 * Phone one-time codes, the app's main way in: test numbers ([auth.sms.test_otp] locally,
 * "test phone numbers" on hosted projects) with the fixed code 123456.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

describe('phone OTP sign-in', () => {
  it('signs in a test number with its fixed code', async () => {
    const client = stack.client();
    const sent = await client.auth.signInWithOtp({ phone: '+966500000001' });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toBe('test-otp');

    const { data, error } = await client.auth.verifyOtp({ phone: '+966500000001', token: '123456', type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toMatch(/^[A-Za-z0-9]+$/);
    expect(data.user?.phone).toBe('966500000001');
    expect(data.user?.phone_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'phone', providers: ['phone'] });
    expect(data.user?.identities?.[0]?.provider).toBe('phone');

    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      phone: '966500000001',
      email: '',
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      session_id: expect.any(String),
    });
    expect(claims.iss).toBe(`${stack.apiUrl}/auth/v1`);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('otp');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    // The session works for the user endpoint.
    const { data: me, error: meError } = await client.auth.getUser();
    expect(meError).toBeNull();
    expect(me.user?.id).toBe(data.user!.id);
  });

  it('refuses a wrong code with 403 otp_expired', async () => {
    const client = stack.client();
    await client.auth.signInWithOtp({ phone: '+966500000002' });
    const { data, error } = await client.auth.verifyOtp({ phone: '+966500000002', token: '654321', type: 'sms' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
    expect(error?.message).toBe('Token has expired or is invalid');
  });

  it('refuses a code for a number that never asked for one', async () => {
    const { error } = await stack.client().auth.verifyOtp({ phone: '+15005550100', token: '123456', type: 'sms' });
    expect(error?.code).toBe('otp_expired');
  });

  it('limits how often a number can ask for a code, test numbers included', async () => {
    const client = stack.client();
    expect((await client.auth.signInWithOtp({ phone: '+966500000003' })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ phone: '+966500000003' });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_sms_send_rate_limit');
    expect(again.error?.message).toMatch(/only request this after \d+ seconds/);
  });

  it('does not create users when create_user is false', async () => {
    const { error } = await stack
      .client()
      .auth.signInWithOtp({ phone: '+966511111111', options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });

  it('rejects numbers that are not E.164', async () => {
    const { error } = await stack.client().auth.signInWithOtp({ phone: 'abc' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});
