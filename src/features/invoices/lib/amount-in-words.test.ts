import { describe, expect, it } from 'vitest';
import type { InvoiceCurrency } from '@/domain/invoices';
import { amountInWords } from './amount-in-words';

/** [amount, currency, English, Arabic] — each checked by hand against the grammar in the module's comment. */
const CASES: [string, InvoiceCurrency, string, string][] = [
  // Whole riyals: the counted noun by the last two digits.
  ['0.00', 'SAR', 'Zero Saudi riyals only', 'صفر ريال سعودي فقط لا غير'],
  ['1.00', 'SAR', 'One Saudi riyal only', 'ريال سعودي واحد فقط لا غير'],
  ['2.00', 'SAR', 'Two Saudi riyals only', 'ريالان سعوديان فقط لا غير'],
  ['3.00', 'SAR', 'Three Saudi riyals only', 'ثلاثة ريالات سعودية فقط لا غير'],
  ['10.00', 'SAR', 'Ten Saudi riyals only', 'عشرة ريالات سعودية فقط لا غير'],
  ['11.00', 'SAR', 'Eleven Saudi riyals only', 'أحد عشر ريالاً سعودياً فقط لا غير'],
  ['12.00', 'SAR', 'Twelve Saudi riyals only', 'اثنا عشر ريالاً سعودياً فقط لا غير'],
  ['19.00', 'SAR', 'Nineteen Saudi riyals only', 'تسعة عشر ريالاً سعودياً فقط لا غير'],
  ['20.00', 'SAR', 'Twenty Saudi riyals only', 'عشرون ريالاً سعودياً فقط لا غير'],
  ['21.00', 'SAR', 'Twenty-one Saudi riyals only', 'واحد وعشرون ريالاً سعودياً فقط لا غير'],
  ['22.00', 'SAR', 'Twenty-two Saudi riyals only', 'اثنان وعشرون ريالاً سعودياً فقط لا غير'],
  ['99.00', 'SAR', 'Ninety-nine Saudi riyals only', 'تسعة وتسعون ريالاً سعودياً فقط لا غير'],
  ['100.00', 'SAR', 'One hundred Saudi riyals only', 'مائة ريال سعودي فقط لا غير'],
  ['101.00', 'SAR', 'One hundred one Saudi riyals only', 'مائة وريال سعودي واحد فقط لا غير'],
  ['102.00', 'SAR', 'One hundred two Saudi riyals only', 'مائة وريالان سعوديان فقط لا غير'],
  ['110.00', 'SAR', 'One hundred ten Saudi riyals only', 'مائة وعشرة ريالات سعودية فقط لا غير'],
  ['111.00', 'SAR', 'One hundred eleven Saudi riyals only', 'مائة وأحد عشر ريالاً سعودياً فقط لا غير'],
  ['200.00', 'SAR', 'Two hundred Saudi riyals only', 'مائتا ريال سعودي فقط لا غير'],
  ['250.00', 'SAR', 'Two hundred fifty Saudi riyals only', 'مائتان وخمسون ريالاً سعودياً فقط لا غير'],
  ['300.00', 'SAR', 'Three hundred Saudi riyals only', 'ثلاثمائة ريال سعودي فقط لا غير'],
  ['999.00', 'SAR', 'Nine hundred ninety-nine Saudi riyals only', 'تسعمائة وتسعة وتسعون ريالاً سعودياً فقط لا غير'],
  // Thousands, millions, billions: counted like nouns, in construct right before the currency.
  ['1000.00', 'SAR', 'One thousand Saudi riyals only', 'ألف ريال سعودي فقط لا غير'],
  ['1001.00', 'SAR', 'One thousand one Saudi riyals only', 'ألف وريال سعودي واحد فقط لا غير'],
  [
    '1863.00',
    'SAR',
    'One thousand eight hundred sixty-three Saudi riyals only',
    'ألف وثمانمائة وثلاثة وستون ريالاً سعودياً فقط لا غير',
  ],
  ['2000.00', 'SAR', 'Two thousand Saudi riyals only', 'ألفا ريال سعودي فقط لا غير'],
  ['2500.00', 'SAR', 'Two thousand five hundred Saudi riyals only', 'ألفان وخمسمائة ريال سعودي فقط لا غير'],
  ['3000.00', 'SAR', 'Three thousand Saudi riyals only', 'ثلاثة آلاف ريال سعودي فقط لا غير'],
  ['3200.00', 'SAR', 'Three thousand two hundred Saudi riyals only', 'ثلاثة آلاف ومائتا ريال سعودي فقط لا غير'],
  ['10000.00', 'SAR', 'Ten thousand Saudi riyals only', 'عشرة آلاف ريال سعودي فقط لا غير'],
  ['11000.00', 'SAR', 'Eleven thousand Saudi riyals only', 'أحد عشر ألف ريال سعودي فقط لا غير'],
  ['11500.00', 'SAR', 'Eleven thousand five hundred Saudi riyals only', 'أحد عشر ألفاً وخمسمائة ريال سعودي فقط لا غير'],
  ['100000.00', 'SAR', 'One hundred thousand Saudi riyals only', 'مائة ألف ريال سعودي فقط لا غير'],
  ['101000.00', 'SAR', 'One hundred one thousand Saudi riyals only', 'مائة ألف وألف ريال سعودي فقط لا غير'],
  ['200000.00', 'SAR', 'Two hundred thousand Saudi riyals only', 'مائتا ألف ريال سعودي فقط لا غير'],
  ['1000000.00', 'SAR', 'One million Saudi riyals only', 'مليون ريال سعودي فقط لا غير'],
  ['2000000.00', 'SAR', 'Two million Saudi riyals only', 'مليونا ريال سعودي فقط لا غير'],
  ['2002000.00', 'SAR', 'Two million two thousand Saudi riyals only', 'مليونان وألفا ريال سعودي فقط لا غير'],
  ['5000000.00', 'SAR', 'Five million Saudi riyals only', 'خمسة ملايين ريال سعودي فقط لا غير'],
  ['1000000000.00', 'SAR', 'One billion Saudi riyals only', 'مليار ريال سعودي فقط لا غير'],
  // Halalas: هللة is feminine, so 3–9 are masculine in form (ثلاث هللات).
  ['0.01', 'SAR', 'One halala only', 'هللة واحدة فقط لا غير'],
  ['0.02', 'SAR', 'Two halalas only', 'هللتان فقط لا غير'],
  ['0.03', 'SAR', 'Three halalas only', 'ثلاث هللات فقط لا غير'],
  ['0.08', 'SAR', 'Eight halalas only', 'ثماني هللات فقط لا غير'],
  ['0.11', 'SAR', 'Eleven halalas only', 'إحدى عشرة هللة فقط لا غير'],
  ['0.12', 'SAR', 'Twelve halalas only', 'اثنتا عشرة هللة فقط لا غير'],
  ['0.18', 'SAR', 'Eighteen halalas only', 'ثماني عشرة هللة فقط لا غير'],
  ['0.21', 'SAR', 'Twenty-one halalas only', 'إحدى وعشرون هللة فقط لا غير'],
  ['0.50', 'SAR', 'Fifty halalas only', 'خمسون هللة فقط لا غير'],
  ['0.99', 'SAR', 'Ninety-nine halalas only', 'تسع وتسعون هللة فقط لا غير'],
  ['1.01', 'SAR', 'One Saudi riyal and one halala only', 'ريال سعودي واحد وهللة واحدة فقط لا غير'],
  ['2.02', 'SAR', 'Two Saudi riyals and two halalas only', 'ريالان سعوديان وهللتان فقط لا غير'],
  [
    '1863.50',
    'SAR',
    'One thousand eight hundred sixty-three Saudi riyals and fifty halalas only',
    'ألف وثمانمائة وثلاثة وستون ريالاً سعودياً وخمسون هللة فقط لا غير',
  ],
  [
    '1000000.25',
    'SAR',
    'One million Saudi riyals and twenty-five halalas only',
    'مليون ريال سعودي وخمس وعشرون هللة فقط لا غير',
  ],
  [
    '999999999999.99',
    'SAR',
    'Nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine Saudi riyals and ninety-nine halalas only',
    'تسعمائة وتسعة وتسعون ملياراً وتسعمائة وتسعة وتسعون مليوناً وتسعمائة وتسعة وتسعون ألفاً وتسعمائة وتسعة وتسعون ريالاً سعودياً وتسع وتسعون هللة فقط لا غير',
  ],
  // UAE dirhams and fils (masculine).
  ['0.00', 'AED', 'Zero UAE dirhams only', 'صفر درهم إماراتي فقط لا غير'],
  ['1.01', 'AED', 'One UAE dirham and one fils only', 'درهم إماراتي واحد وفلس واحد فقط لا غير'],
  ['3.03', 'AED', 'Three UAE dirhams and three fils only', 'ثلاثة دراهم إماراتية وثلاثة فلوس فقط لا غير'],
  ['15.50', 'AED', 'Fifteen UAE dirhams and fifty fils only', 'خمسة عشر درهماً إماراتياً وخمسون فلساً فقط لا غير'],
  // US dollars and cents.
  [
    '1311.25',
    'USD',
    'One thousand three hundred eleven US dollars and twenty-five cents only',
    'ألف وثلاثمائة وأحد عشر دولاراً أمريكياً وخمسة وعشرون سنتاً فقط لا غير',
  ],
  ['2.01', 'USD', 'Two US dollars and one cent only', 'دولاران أمريكيان وسنت واحد فقط لا غير'],
  ['12.11', 'USD', 'Twelve US dollars and eleven cents only', 'اثنا عشر دولاراً أمريكياً وأحد عشر سنتاً فقط لا غير'],
  // Euros and cents (يورو takes no tanween).
  ['1.00', 'EUR', 'One euro only', 'يورو واحد فقط لا غير'],
  ['2.00', 'EUR', 'Two euros only', 'يوروان فقط لا غير'],
  ['5.99', 'EUR', 'Five euros and ninety-nine cents only', 'خمسة يوروات وتسعة وتسعون سنتاً فقط لا غير'],
  ['20.00', 'EUR', 'Twenty euros only', 'عشرون يورو فقط لا غير'],
  ['0.01', 'EUR', 'One cent only', 'سنت واحد فقط لا غير'],
];

describe('amountInWords', () => {
  it.each(CASES)('%s %s in English', (amount, currency, english) => {
    expect(amountInWords(amount, currency, 'en')).toBe(english);
  });

  it.each(CASES)('%s %s in Arabic', (amount, currency, _english, arabic) => {
    expect(amountInWords(amount, currency, 'ar')).toBe(arabic);
  });

  it('writes the absolute value of a negative amount', () => {
    expect(amountInWords('-1725.00', 'SAR', 'en')).toBe('One thousand seven hundred twenty-five Saudi riyals only');
    expect(amountInWords('-1725.00', 'SAR', 'ar')).toBe('ألف وسبعمائة وخمسة وعشرون ريالاً سعودياً فقط لا غير');
  });

  it('writes the tanween on the alif, as Saudi invoices do (ريالاً: alif then fathatan)', () => {
    expect(amountInWords('11.00', 'SAR', 'ar')).toContain('\u0627\u064b');
  });

  it('refuses what is not an amount or is beyond 999,999,999,999.99', () => {
    expect(() => amountInWords('abc', 'SAR', 'en')).toThrow(RangeError);
    expect(() => amountInWords('1,863.00', 'SAR', 'en')).toThrow(RangeError);
    expect(() => amountInWords('1.005', 'SAR', 'ar')).toThrow(RangeError);
    expect(() => amountInWords('1000000000000.00', 'SAR', 'ar')).toThrow(RangeError);
  });
});
