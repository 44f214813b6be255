/** TOTP enrolment → challenge → verify → aal2, unenrol, and getClaims() verified against the JWKS. */
import { randomUUID } from 'node:crypto';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

async function newUser() {
  const client = stack.client();
  const email = `mfa-${randomUUID().slice(0, 8)}@example.com`;
  const { error } = await client.auth.signUp({ email, password: 'mfa-password-1' });
  expect(error).toBeNull();
  return { client, email };
}

describe('TOTP factors', () => {
  it('enrols, challenges and verifies to aal2', async () => {
    const { client, email } = await newUser();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Phone app');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.uri).toContain(encodeURIComponent(email));
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]+=*$/);

    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: '000000',
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const code = new TOTP({ secret: factor.totp.secret }).generate();
    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(verified.data?.access_token).toBeTruthy();

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data?.currentLevel).toBe('aal2');
    expect(after.data?.nextLevel).toBe('aal2');
    expect(after.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(
      expect.arrayContaining(['totp', 'password']),
    );

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(factors.data?.all[0]?.status).toBe('verified');

    // A fresh aal1 sign-in now must step up.
    const other = stack.client();
    await other.auth.signInWithPassword({ email, password: 'mfa-password-1' });
    const aal = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const change = await other.auth.updateUser({ password: 'another-password-2' });
    expect(change.error?.code).toBe('insufficient_aal');
    const unenrolAal1 = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolAal1.error?.code).toBe('insufficient_aal');

    const unenrolled = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data?.id).toBe(factor.id);
    const { data } = await client.auth.getUser();
    expect(data.user?.factors ?? []).toHaveLength(0);
  });

  it('refuses duplicate names and unknown factors', async () => {
    const { client } = await newUser();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    const dup = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');
    const missing = await client.auth.mfa.challenge({ factorId: randomUUID() });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('mfa_factor_not_found');
  });
});

describe('getClaims', () => {
  it('verifies the ES256 access token against /.well-known/jwks.json', async () => {
    const { client, email } = await newUser();
    const jwks = await (await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
    expect(data?.claims).toMatchObject({ email, role: 'authenticated', aal: 'aal1' });

    // A token signed by someone else is refused.
    const forged = await stack
      .client()
      .auth.getClaims(await stack.userToken({ sub: randomUUID() }).then((t) => t.slice(0, -4) + 'AAAA'));
    expect(forged.error).not.toBeNull();
  });
});
