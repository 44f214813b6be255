import { describe, expect, it } from 'vitest';
import { bookingFields, bookingSchema, requireCheckOutAfterCheckIn, type BookingInput } from './bookings';

const base: BookingInput = {
  client_id: 'c',
  unit_id: 'u',
  check_in: '2026-12-01',
  check_out: '2026-12-03',
  guests_count: '2',
  source: 'direct',
  special_requests: '',
};
const issues = (input: BookingInput) =>
  Object.fromEntries(bookingSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

describe('bookingSchema', () => {
  it('gives the row: a whole number of guests (either digit system), blank requests as null', () => {
    expect(bookingSchema.parse(base)).toMatchObject({ guests_count: 2, special_requests: null });
    expect(bookingSchema.parse({ ...base, guests_count: '٣' }).guests_count).toBe(3);
    expect(bookingSchema.parse({ ...base, guests_count: 4 }).guests_count).toBe(4);
  });

  it('needs a guest, a unit, both dates and check-out after check-in', () => {
    expect(issues({ ...base, client_id: '', unit_id: '', check_in: '' })).toEqual({
      client_id: 'common:validation.guest_required',
      unit_id: 'common:validation.unit_required',
      check_in: 'common:validation.required',
    });
    expect(issues({ ...base, check_out: '2026-12-01' })).toEqual({ check_out: 'common:validation.check_out_after' });
  });

  it('one message for any impossible number of guests', () => {
    for (const guests_count of ['0', '1.5', 'abc', '-2', '5000']) {
      expect(issues({ ...base, guests_count })).toEqual({ guests_count: 'common:validation.guests_count' });
    }
    expect(issues({ ...base, guests_count: '' })).toEqual({ guests_count: 'common:validation.required' });
  });

  it('a compact form (onboarding) keeps the date rule', () => {
    const compact = requireCheckOutAfterCheckIn(
      bookingFields.pick({ unit_id: true, client_id: true, check_in: true, check_out: true, guests_count: true }),
    );
    expect(compact.safeParse({ ...base, check_out: '2026-11-30' }).error?.issues[0]?.message).toBe(
      'common:validation.check_out_after',
    );
  });
});
