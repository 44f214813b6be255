/**
 * Users inserted with plain SQL, the way seed.sql files do it on hosted Supabase
 * (crypt/gen_salt passwords, NULL token columns, hand-written identities), can sign in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../tests/helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

it('signs in seeded e-mail and phone users', async () => {
  const emailUser = randomUUID();
  const phoneUser = randomUUID();
  await stack.db.exec(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', '${emailUser}', 'authenticated', 'authenticated',
      'seeded@example.com', extensions.crypt('seed-password', extensions.gen_salt('bf')), now(),
      '{"provider":"email","providers":["email"],"super_admin":true}', '{"full_name":"Seeded"}', now(), now());
    insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (gen_random_uuid(), '${emailUser}', '${emailUser}',
      '{"sub":"${emailUser}","email":"seeded@example.com"}', 'email', now(), now(), now());
    insert into auth.users (instance_id, id, aud, role, phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', '${phoneUser}', 'authenticated', 'authenticated',
      '966500000000', now(), '{"provider":"phone","providers":["phone"]}', '{}', now(), now());
    insert into auth.identities (id, user_id, provider_id, identity_data, provider, created_at, updated_at)
    values (gen_random_uuid(), '${phoneUser}', '${phoneUser}', '{"sub":"${phoneUser}","phone":"966500000000"}', 'phone', now(), now());
  `);

  const byPassword = await stack
    .client()
    .auth.signInWithPassword({ email: 'seeded@example.com', password: 'seed-password' });
  expect(byPassword.error).toBeNull();
  expect(byPassword.data.user).toMatchObject({ id: emailUser, user_metadata: { full_name: 'Seeded' } });
  const claims = JSON.parse(Buffer.from(byPassword.data.session!.access_token.split('.')[1]!, 'base64url').toString());
  expect(claims.app_metadata).toMatchObject({ super_admin: true });

  const client = stack.client();
  expect((await client.auth.signInWithOtp({ phone: '+966500000000' })).error).toBeNull();
  const byOtp = await client.auth.verifyOtp({ phone: '+966500000000', token: '123456', type: 'sms' });
  expect(byOtp.error).toBeNull();
  expect(byOtp.data.user?.id).toBe(phoneUser);
  expect(byOtp.data.user?.identities?.[0]?.identity_data).toMatchObject({ phone: '966500000000' });
});
