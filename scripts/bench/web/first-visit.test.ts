// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coversArabic, parseUnicodeRange, sessionWindowCls } from '../../../e2e/support/first-visit';

describe('sessionWindowCls', () => {
  it('is the largest window of shifts less than 1 s apart and at most 5 s long', () => {
    expect(sessionWindowCls([])).toBe(0);
    // Two windows: 0.01 + 0.02 close together, then 0.025 alone after a 2 s gap.
    expect(
      sessionWindowCls([
        { value: 0.01, startTime: 100 },
        { value: 0.02, startTime: 900 },
        { value: 0.025, startTime: 3000 },
      ]),
    ).toBeCloseTo(0.03);
    // A steady trickle is cut into 5 s windows.
    const trickle = Array.from({ length: 20 }, (_, i) => ({ value: 0.01, startTime: i * 500 }));
    expect(sessionWindowCls(trickle)).toBeCloseTo(0.1);
  });
});

describe('unicode-range', () => {
  it('parses single code points, ranges and wildcards', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131, U+4??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
    expect(parseUnicodeRange('')).toEqual([[0, 0x10ffff]]);
  });

  it('tells the Arabic subset from the Latin one', () => {
    expect(coversArabic('U+0600-06FF, U+0750-077F, U+200C-200E')).toBe(true);
    expect(coversArabic('U+0000-00FF, U+0131, U+2000-206F')).toBe(false);
  });
});
