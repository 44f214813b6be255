import { describe, expect, it } from 'vitest';
import {
  monthWeeks,
  nightsBetween,
  publicBookingRequestSchema,
  rangeProblem,
  shiftMonth,
  splitIdentity,
  takenNights,
  tapDay,
  type RangeRules,
} from './public-booking';

const rules = (taken: string[] = []): RangeRules => ({
  today: '2026-12-10',
  maxNights: 30,
  horizonDays: 365,
  taken: new Set(taken),
});

describe('calendar months', () => {
  it('shifts months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-03', 13)).toBe('2027-04');
  });

  it('lays a month out in Sunday-first weeks with padding', () => {
    // 1 December 2026 is a Tuesday.
    const weeks = monthWeeks('2026-12');
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(monthWeeks('2027-02').flat().filter(Boolean)).toHaveLength(28);
    expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29);
  });

  it('counts nights across month ends', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
  });
});

describe('taken nights', () => {
  it('holds check-in to the night before check-out', () => {
    expect([...takenNights([{ check_in: '2026-12-30', check_out: '2027-01-02' }])]).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});

describe('range rules', () => {
  it('refuses past, reversed, too long, too far and taken ranges', () => {
    expect(rangeProblem('2026-12-09', '2026-12-12', rules())).toBe('past');
    expect(rangeProblem('2026-12-12', '2026-12-12', rules())).toBe('order');
    expect(rangeProblem('2026-12-12', '2027-01-12', rules())).toBe('too_long');
    expect(rangeProblem('2026-12-12', '2027-01-11', rules())).toBeNull();
    expect(rangeProblem('2027-12-11', '2027-12-12', rules())).toBe('too_far');
    expect(rangeProblem('2027-12-10', '2027-12-12', rules())).toBeNull();
    expect(rangeProblem('2026-12-12', '2026-12-15', rules(['2026-12-14']))).toBe('taken');
    // Check-out day may be another stay's check-in night.
    expect(rangeProblem('2026-12-12', '2026-12-14', rules(['2026-12-14']))).toBeNull();
  });

  it('picks check-in, then check-out; refuses impossible taps and starts over before check-in', () => {
    const r = rules(['2026-12-20']);
    let tap = tapDay({ checkIn: null, checkOut: null }, '2026-12-15', r);
    expect(tap).toEqual({ selection: { checkIn: '2026-12-15', checkOut: null }, problem: null });
    const refused = tapDay(tap.selection, '2026-12-22', r);
    expect(refused).toEqual({ selection: tap.selection, problem: 'taken' });
    tap = tapDay(tap.selection, '2026-12-18', r);
    expect(tap.selection).toEqual({ checkIn: '2026-12-15', checkOut: '2026-12-18' });
    tap = tapDay(tap.selection, '2026-12-16', r);
    expect(tap.selection).toEqual({ checkIn: '2026-12-16', checkOut: null });
    expect(tapDay(tap.selection, '2026-12-12', r).selection).toEqual({ checkIn: '2026-12-12', checkOut: null });
    expect(tapDay({ checkIn: null, checkOut: null }, '2026-12-01', r).problem).toBe('past');
    expect(tapDay({ checkIn: null, checkOut: null }, '2026-12-20', r).problem).toBe('taken');
    expect(tapDay({ checkIn: '2026-12-11', checkOut: null }, '2027-01-15', r).problem).toBe('too_long');
  });
});

describe('the request schema', () => {
  const valid = {
    guest_name: ' Sara Ali ',
    guest_phone: '0551234567',
    guest_email: 'Sara@Example.com',
    identity: '1012345678',
    guests_count: '2',
    special_requests: '',
    consent: true,
  };

  it('normalises the phone to E.164 and splits the identity', () => {
    expect(publicBookingRequestSchema(4).parse(valid)).toEqual({
      guest_name: 'Sara Ali',
      guest_phone: '+966551234567',
      guest_email: 'sara@example.com',
      national_id: '1012345678',
      passport_number: null,
      guests_count: 2,
      special_requests: null,
    });
    const foreign = publicBookingRequestSchema(4).parse({
      ...valid,
      guest_phone: '+971 50 123 4567',
      identity: 'n1234567',
      guest_email: '',
    });
    expect(foreign).toMatchObject({ guest_phone: '+971501234567', passport_number: 'N1234567', guest_email: null });
  });

  it('refuses missing consent, too many guests and a bad phone with their messages', () => {
    const result = publicBookingRequestSchema(4).safeParse({
      ...valid,
      consent: false,
      guests_count: '5',
      guest_phone: '12',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue): [string, string] => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      consent: 'public-site:form.consent_required',
      guests_count: 'public-site:form.guests_invalid',
      guest_phone: 'common:validation.guest_phone',
    });
  });

  it('splits Saudi IDs and Iqamas from passports', () => {
    expect(splitIdentity('2 123 456 789')).toEqual({ national_id: '2123456789', passport_number: null });
    expect(splitIdentity('3123456789')).toEqual({ national_id: null, passport_number: '3123456789' });
  });
});
