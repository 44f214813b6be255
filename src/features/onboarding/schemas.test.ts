import { describe, expect, it } from 'vitest';
import { clientSchema } from '@/domain/clients';
import { bookingFormSchema, clientFormSchema, unitFormSchema } from './schemas';

// Slugs and the organisation's fields: src/domain/organizations.test.ts. Here: the wizard's
// compact forms apply the very rules of the full screens.

describe('the first property', () => {
  it('turns typed numbers (both digit systems) into numbers', () => {
    const parsed = unitFormSchema.parse({
      name: 'Villa',
      type: 'villa',
      price_per_night: '١٢٥٠',
      max_guests: '6',
      address_city: 'Riyadh',
    });
    expect(parsed).toMatchObject({ price_per_night: 1250, max_guests: 6, address_city: 'Riyadh' });
  });
  it('refuses negative prices and zero guests with the Units screen’s messages', () => {
    const base = { name: 'V', type: 'villa', price_per_night: '10', max_guests: '2', address_city: '' } as const;
    expect(unitFormSchema.safeParse({ ...base, price_per_night: '-1' }).error?.issues[0]?.message).toBe(
      'common:validation.not_negative',
    );
    expect(unitFormSchema.safeParse({ ...base, max_guests: '0' }).error?.issues[0]?.message).toBe(
      'common:validation.one_or_more',
    );
  });
});

describe('the first guest (SPEC §5)', () => {
  const base = { name: 'Sara', phone: '0551234567', email: '', national_id: '', passport_number: '' };
  it('needs a national id or a passport', () => {
    expect(clientFormSchema.safeParse(base).error?.issues[0]?.message).toBe('common:validation.identity_required');
    expect(clientFormSchema.safeParse({ ...base, national_id: '1234567890' }).success).toBe(true);
    expect(clientFormSchema.safeParse({ ...base, passport_number: 'X1234567' }).success).toBe(true);
  });
  it('e-mail is optional but must be valid when given', () => {
    expect(clientFormSchema.safeParse({ ...base, national_id: '1', email: 'nope' }).success).toBe(false);
    expect(clientFormSchema.parse({ ...base, national_id: '1', email: 'Sara@Example.com' }).email).toBe(
      'sara@example.com',
    );
  });
  it('validates the phone exactly as the Clients screen does, and stores E.164', () => {
    const full = {
      ...base,
      national_id: '1',
      nationality: '',
      preferred_language: 'ar' as const,
      is_vip: false,
      member_since: '2026-11-22',
    };
    for (const phone of ['0551234567', '+971 50 123 4567', '0044 7911 123456', '12345', '0112345678', '+1 555 0100']) {
      const wizard = clientFormSchema.safeParse({ ...base, national_id: '1', phone });
      const screen = clientSchema.safeParse({ ...full, phone });
      expect(wizard.success, phone).toBe(screen.success);
      if (wizard.success && screen.success) expect(wizard.data.phone).toBe(screen.data.phone);
    }
    expect(clientFormSchema.parse({ ...base, national_id: '1' }).phone).toBe('+966551234567');
  });
});

describe('the first booking', () => {
  const base = { unit_id: 'u', client_id: 'c', check_in: '2026-12-01', check_out: '2026-12-03', guests_count: '2' };
  it('needs check-out after check-in', () => {
    expect(bookingFormSchema.safeParse(base).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...base, check_out: '2026-12-01' }).error?.issues[0]?.message).toBe(
      'common:validation.check_out_after',
    );
  });
});
