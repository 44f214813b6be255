import { describe, expect, it } from 'vitest';
import { organizationSettings } from './organization-settings';

describe('organizationSettings', () => {
  it('uses the organisation’s own time zone and currency', () => {
    expect(organizationSettings({ default_timezone: 'Asia/Dubai', default_currency: 'AED' })).toEqual({
      timeZone: 'Asia/Dubai',
      currency: 'AED',
    });
  });
  it('falls back to Riyadh and SAR before the organisation is known, or for a value it cannot use', () => {
    expect(organizationSettings(null)).toEqual({ timeZone: 'Asia/Riyadh', currency: 'SAR' });
    expect(organizationSettings({ default_timezone: 'Mars/Olympus', default_currency: 'GBP' })).toEqual({
      timeZone: 'Asia/Riyadh',
      currency: 'SAR',
    });
  });
});
