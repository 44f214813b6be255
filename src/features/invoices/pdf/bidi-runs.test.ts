import { describe, expect, it } from 'vitest';
import { visualRuns } from './bidi-runs';

describe('visualRuns', () => {
  it('keeps a plain English line as one left-to-right run', () => {
    expect(visualRuns('Simplified Tax Invoice')).toEqual([{ text: 'Simplified Tax Invoice', rtl: false }]);
  });

  it('keeps Arabic in logical order for the shaper, marked right-to-left', () => {
    expect(visualRuns('فاتورة ضريبية مبسطة')).toEqual([{ text: 'فاتورة ضريبية مبسطة', rtl: true }]);
  });

  it('puts a number inside Arabic text where a reader expects it: digits left to right', () => {
    // Left to right on the page: "ليال", the number, "إقامة" (rightmost, read first). Each Arabic run
    // keeps its logical text, spaces included, for the shaper to lay out right to left.
    const runs = visualRuns('إقامة 3 ليال', 'rtl');
    expect(runs).toEqual([
      { text: ' ليال', rtl: true },
      { text: '3', rtl: false },
      { text: 'إقامة ', rtl: true },
    ]);
  });

  it('orders an English name inside an Arabic sentence and mirrors brackets', () => {
    // On the page: "(BK-123) الحجز": the reference at the left of the Arabic word, brackets facing it.
    const runs = visualRuns('الحجز (BK-123)', 'rtl');
    expect(runs).toEqual([
      { text: '(', rtl: true },
      { text: 'BK-123', rtl: false },
      { text: 'الحجز )', rtl: true },
    ]);
  });

  it('lays an Arabic phrase inside an English line at its place', () => {
    const runs = visualRuns('Seller: شركة نزل', 'ltr');
    expect(runs).toEqual([
      { text: 'Seller: ', rtl: false },
      { text: 'شركة نزل', rtl: true },
    ]);
  });
});
