import { describe, expect, it } from 'vitest';
import { clientFields, clientSchema, requireIdentity, type ClientInput } from './clients';

const base: ClientInput = {
  name: 'Sara',
  email: '',
  phone: '0551234567',
  nationality: '',
  national_id: '',
  passport_number: 'X1234567',
  preferred_language: 'ar',
  is_vip: false,
  member_since: '2026-11-22',
};

const firstMessage = (input: ClientInput) => clientSchema.safeParse(input).error?.issues[0];

describe('clientSchema (SPEC §5)', () => {
  it('gives the row the database takes', () => {
    expect(clientSchema.parse({ ...base, email: ' Sara@Example.COM ', phone: '+971 50 123 4567' })).toMatchObject({
      email: 'sara@example.com',
      phone: '+971501234567',
      nationality: null,
      national_id: null,
      passport_number: 'X1234567',
    });
  });

  it('needs a national id or a passport, shown under the national id', () => {
    expect(firstMessage({ ...base, passport_number: '  ' })).toMatchObject({
      path: ['national_id'],
      message: 'common:validation.identity_required',
    });
    expect(clientSchema.safeParse({ ...base, passport_number: '', national_id: '1234567890' }).success).toBe(true);
  });

  it('takes a foreign guest’s mobile with its country code, and refuses what is no mobile', () => {
    expect(clientSchema.parse({ ...base, phone: '0044 7911 123456' }).phone).toBe('+447911123456');
    expect(firstMessage({ ...base, phone: '12345' })?.message).toBe('common:validation.guest_phone');
    expect(firstMessage({ ...base, phone: '0112345678' })?.message).toBe('common:validation.guest_phone');
  });

  it('e-mail is optional but must be valid when given', () => {
    expect(firstMessage({ ...base, email: 'nope' })?.message).toBe('common:validation.email');
  });
});

describe('a compact guest form (onboarding) picks the same rules', () => {
  const compact = requireIdentity(
    clientFields.pick({ name: true, phone: true, email: true, national_id: true, passport_number: true }),
  );
  it('applies the same phone and identity rules as the clients form', () => {
    const input = { name: 'Sara', phone: '+971501234567', email: '', national_id: '', passport_number: '' };
    expect(compact.safeParse(input).error?.issues[0]?.message).toBe('common:validation.identity_required');
    expect(compact.parse({ ...input, passport_number: 'P1' }).phone).toBe('+971501234567');
    // What the clients form refuses, the wizard refuses too (it used to take any 5 digits).
    for (const phone of ['12345', '00000', '0112345678']) {
      expect(compact.safeParse({ ...input, passport_number: 'P1', phone }).success).toBe(false);
      expect(clientSchema.safeParse({ ...base, phone }).success).toBe(false);
    }
  });
});
