import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-segments';

describe('smsLength', () => {
  it('counts nothing for an empty draft', () => {
    expect(smsLength('')).toEqual({ encoding: 'gsm7', units: 0, segments: 0, remaining: 160 });
  });

  it('fits 160 GSM-7 characters in one part and splits at 153 after that', () => {
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1, remaining: 0 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, remaining: 306 - 161 });
  });

  it('counts the extension characters twice', () => {
    expect(smsLength('{}€')).toMatchObject({ encoding: 'gsm7', units: 6 });
  });

  it('sends Arabic as UCS-2: 70 in one part, 67 per part after', () => {
    expect(smsLength('م'.repeat(70))).toMatchObject({ encoding: 'ucs2', segments: 1, remaining: 0 });
    expect(smsLength('م'.repeat(71))).toMatchObject({ encoding: 'ucs2', segments: 2, remaining: 134 - 71 });
  });

  it('turns the whole text to UCS-2 for one emoji, which takes two units', () => {
    expect(smsLength('Hello 👋')).toMatchObject({ encoding: 'ucs2', units: 8, segments: 1 });
  });
});
