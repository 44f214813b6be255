import { describe, expect, it } from 'vitest';
import { presetRange, resolvePeriod } from '@/lib/periods';
import { organizationToday } from './periods';

describe('presetRange', () => {
  it('gives whole calendar months, quarters and years around today', () => {
    expect(presetRange('this_month', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('last_month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('this_quarter', '2026-03-15')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('last_quarter', '2026-05-02')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('this_year', '2026-05-02')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('crosses year ends and knows leap years', () => {
    expect(presetRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_quarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('this_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('this_quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});

describe('presets in the organisation time zone', () => {
  // 22:30 UTC on 31 March is 01:30 on 1 April in Riyadh, still 31 March in London and New York.
  const now = new Date('2026-03-31T22:30:00Z');

  it('this month in Riyadh is already April; in New York it is still March', () => {
    expect(presetRange('this_month', organizationToday('Asia/Riyadh', now))).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(presetRange('this_month', organizationToday('America/New_York', now))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('last quarter in Riyadh is Q1; in London it is still Q4 of the year before', () => {
    expect(presetRange('last_quarter', organizationToday('Asia/Riyadh', now))).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(presetRange('last_quarter', organizationToday('Europe/London', now))).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
  });

  it('this year turns over at midnight in Dubai, not in the browser', () => {
    const newYear = new Date('2026-12-31T20:30:00Z'); // 00:30 on 1 January 2027 in Dubai
    expect(presetRange('this_year', organizationToday('Asia/Dubai', newYear)).from).toBe('2027-01-01');
    expect(presetRange('this_year', organizationToday('Europe/London', newYear)).from).toBe('2026-01-01');
  });
});

describe('resolvePeriod', () => {
  it('a preset ignores the custom days', () => {
    expect(resolvePeriod('last_month', { from: '2020-01-01', to: null }, '2026-03-15')).toEqual({
      range: { from: '2026-02-01', to: '2026-02-28' },
      problem: null,
    });
  });

  it('custom days must both be given, in order, at most ten years apart', () => {
    const today = '2026-03-15';
    expect(resolvePeriod('custom', { from: '2026-01-05', to: '2026-02-10' }, today)).toEqual({
      range: { from: '2026-01-05', to: '2026-02-10' },
      problem: null,
    });
    expect(resolvePeriod('custom', { from: '2026-01-05', to: '2026-01-05' }, today).problem).toBeNull();
    expect(resolvePeriod('custom', { from: '2026-01-05', to: null }, today).problem).toBe('missing');
    expect(resolvePeriod('custom', { from: '2026-02-10', to: '2026-01-05' }, today).problem).toBe('inverted');
    expect(resolvePeriod('custom', { from: '2010-01-01', to: '2026-01-05' }, today).problem).toBe('too_long');
  });
});
